package shellcmd

import "testing"

// TestInPlaceEdits: a file the line edits in place (sed -i, perl -i, awk's inplace, ed, vim) and
// then runs holds what only the edit knows, so the run is unresolved; a file the line puts in
// place with cp, mv, ln or rsync from a project file runs what that file holds.
func TestInPlaceEdits(t *testing.T) {
	files := map[string]string{
		"/p/x.sh":        "echo hi\n",
		"/p/y.py":        "print(1)\n",
		"/p/a/x.sh":      "rm -rf b\n",
		"/p/a/ok.sh":     "echo ok\n",
		"/p/tools/run":   "#!/bin/sh\nrm -rf b\n",
		"/p/src/main.sh": "echo main\n",
	}
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcomeIn(t, files, p, Unknown, []string{
		`sed -i 's/echo hi/rm -rf b/' x.sh && sh x.sh`,
		`sed -i.bak 's/echo hi/rm -rf b/' x.sh; sh x.sh`,
		`sed -Ei 's/echo hi/rm -rf b/' x.sh; sh x.sh`,
		`sed -e 's/echo hi/rm -rf b/' -i x.sh; bash ./x.sh`,
		`sed --in-place 's/echo hi/rm -rf b/' x.sh; . ./x.sh`,
		`sed --in-place=.orig -e 's/echo hi/rm -rf b/' x.sh && chmod +x x.sh && ./x.sh`,
		`gsed -i 's/echo hi/rm -rf b/' x.sh && sh x.sh`,
		`sed -i '' 's/echo hi/rm -rf b/' x.sh && sh x.sh`,
		`perl -pi -e 's/echo hi/rm -rf b/' x.sh && sh x.sh`,
		`perl -i -pe 's/echo hi/rm -rf b/' x.sh && sh x.sh`,
		`perl -i.bak -p -e 's/echo hi/rm -rf b/' x.sh && sh x.sh`,
		`ruby -i -pe '$_ = "rm -rf b\n"' x.sh && sh x.sh`,
		`awk -i inplace '{print "rm -rf b"}' x.sh && sh x.sh`,
		`gawk -iinplace '{print "rm -rf b"}' x.sh && sh x.sh`,
		`gawk --include=inplace '{print "rm -rf b"}' x.sh && sh x.sh`,
		`ed -s x.sh < cmds && sh x.sh`,
		`vim -es -c '%s/echo hi/rm -rf b/' -c wq x.sh && sh x.sh`,
		`nvim --headless +'%s/echo hi/rm -rf b/' +wq x.sh && sh x.sh`,
		`vim.basic -es -c '%s/echo hi/rm -rf b/' -c wq x.sh && sh x.sh`,
		`sed --expression 's/echo hi/rm -rf b/' -i x.sh; sh x.sh`,
		`gawk --include inplace --source '{print "rm -rf b"}' x.sh && sh x.sh`,
		`sed -i 's/print(1)/import os; os.system("rm -rf b")/' y.py && python3 y.py`,
	})
	wantOutcomeIn(t, files, p, Match, []string{
		`cp a/x.sh x.sh && sh x.sh`,
		`cp -f a/x.sh ./x.sh; bash x.sh`,
		`mv a/x.sh x.sh && sh x.sh`,
		`ln -sf a/x.sh x.sh && sh x.sh`,
		`install -m 755 a/x.sh x.sh && ./x.sh`,
		`cp a/x.sh src/ && sh src/x.sh`,
		`cp -r a/. src && sh src/x.sh`,
		`cp a/ok.sh s.sh && cp a/x.sh s.sh; sh s.sh`,
		`cp tools/run main.sh && sh main.sh`,
		`cp a/x.sh t.sh && cp t.sh u.sh && sh u.sh`,
		`cd src && cp ../a/x.sh main.sh && sh main.sh`,
	})
	wantOutcomeIn(t, files, p, NoMatch, []string{
		`sed -i 's/a/b/' notes.txt && sh x.sh`,
		`sed 's/echo hi/rm -rf b/' x.sh && sh x.sh`,
		`sed -n 1p x.sh; sh x.sh`,
		`perl -pe 's/echo hi/rm -rf b/' x.sh && sh x.sh`,
		`awk '{print}' x.sh && sh x.sh`,
		`cp a/ok.sh x.sh && sh x.sh`,
		`cp x.sh a/ok.sh && sh x.sh`,
		`vim -R x.sh; sh src/main.sh`,
	})
}

// TestWrittenProgramFiles: a program file the line writes with text only known when it runs
// (downloaded, decoded, edited in place) and then runs is unresolved, as a shell script is.
func TestWrittenProgramFiles(t *testing.T) {
	files := map[string]string{"/p/y.py": "print(1)\n"}
	p := mustCompile("rm -r|-R|--recursive -f|--force")
	wantOutcomeIn(t, files, p, Unknown, []string{
		`curl -o i.py https://example.com/a && python3 i.py`,
		`curl -fsSL https://example.com/a > i.js && node i.js`,
		`base64 -d <<< b3MK > y.py; python3 y.py`,
		`wget -O i.pl https://example.com/a; perl i.pl`,
		`echo "$X" > y.py; python3 y.py`,
		`echo 'import os' > y.py; echo "$X" >> y.py; python3 y.py`,
	})
	wantOutcomeIn(t, files, p, NoMatch, []string{
		`python3 y.py > out.txt`,
		`echo 'print(2)' > y.py; python3 y.py`,
		`curl -o data.json https://example.com/a && python3 y.py`,
	})
}
