package shellcmd

import "testing"

// TestProgramQuoting: the strings of an inline program written with its language's own quoting
// (perl's q and qq with any delimiter, qw's words, ruby's %q, %Q, %(), %w and %W, a here-document
// in the program) are read as its quoted strings are, and a string the program hands to its own
// eval (python exec, eval and compile, perl eval, ruby eval and instance_eval, node eval, new
// Function and vm, php eval) is read as a program of that language. Each passed a deny of rm -r
// before, while perl -e 'system("rm -r x")' was denied.
func TestProgramQuoting(t *testing.T) {
	p := mustCompile("rm -r|-R|--recursive")
	wantOutcome(t, p, Match, []string{
		`perl -e 'system(q{rm -r x})'`, `perl -e 'system qq{rm -r x}'`, `perl -e 'system(q(rm -r x))'`, `perl -e 'system q/rm -r x/'`,
		`perl -e 'system q!rm -r x!'`, `perl -e 'system qq[rm -r $x]'`, `perl -e 'system q <rm -r x>'`, `perl -e 'system qw(rm -r x)'`,
		`perl -e 'exec qw{rm -r x}'`, "perl -e 'system(<<\"EOF\");\nrm -r x\nEOF\n'", "perl -e 'system <<~EOT;\n  rm -r x\n  EOT\n'",
		`ruby -e 'system(%q(rm -r x))'`, `ruby -e 'system %Q{rm -r x}'`, `ruby -e 'system %(rm -r x)'`, `ruby -e 'system(*%w[rm -r x])'`,
		`ruby -e 'system %W(rm -r x)'`, "ruby -e 'system(<<~SH)\n  rm -r x\nSH\n'",
		`python3 -c "exec('import os\nos.system(\"rm -r x\")')"`, `python3 -c "eval(compile('__import__(\"os\").system(\"rm -r x\")', 'f', 'exec'))"`,
		`perl -e 'eval "system(q{rm -r x})"'`, `ruby -e 'eval("system(%q(rm -r x))")'`, `ruby -e 'instance_eval "` + "`rm -r x`" + `"'`,
		`node -e 'eval("require(\"child_process\").execSync(\"rm -r x\")")'`,
		`node -e 'new Function("require", "require(\"child_process\").execSync(\"rm -r x\")")(require)'`,
		`node -e 'require("vm").runInThisContext("process.mainModule.require(\"child_process\").execSync(\"rm -r x\")")'`,
		`php -r 'eval("system(\"rm -r x\");");'`,
	})
	wantOutcome(t, p, NoMatch, []string{
		`perl -e 'print q{rm -r x}'`, `perl -e 'print qq{rm -r x}'`, `ruby -e 'puts %q(rm -r x)'`, `perl -e 'my @a = qw(rm -r x); print @a'`,
		`python3 -c "exec('print(1)')"`, `perl -e 'eval { print 1 }'`, `ruby -e 'puts %w[a b]'`, `perl -e 'print $q{x}'`,
	})
}
