package shellcmd

import (
	"slices"
	"strings"
	"testing"
)

// TestDiskRustPrograms: cargo builds run each package's build script and proc macros, and cargo
// test, run and bench the crate's code: a build.rs with Command::new("rm").args(["-rf", "b"])
// passed a deny of rm -rf under cargo build, and a test with Command::new("sh").arg("-c").arg("rm
// -rf b") under cargo test. Their strings and lists of words are read as a Python program
// file's are (programfiles.go).
func TestDiskRustPrograms(t *testing.T) {
	files := map[string]string{
		"/p/Cargo.toml":                  "[package]\nname = \"p\"\n",
		"/p/build.rs":                    "use std::process::Command;\nfn main() {\n    Command::new(\"rm\").args([\"-rf\", \"b\"]).status().unwrap();\n}\n",
		"/p/src/main.rs":                 "fn main() {}\n",
		"/q/Cargo.toml":                  "[package]\nname = \"q\"\n",
		"/q/build.rs":                    "fn main() { println!(\"cargo:rerun-if-changed=build.rs\"); }\n",
		"/q/src/lib.rs":                  "pub fn f() {}\n",
		"/q/tests/t.rs":                  "use std::process::Command;\n#[test]\nfn t() {\n    let out = Command::new(\"sh\")\n        .arg(\"-c\")\n        .arg(\"rm -rf b\")\n        .output();\n}\n",
		"/q/target/debug/build/x/out.rs": "use std::process::Command;\nfn f() { Command::new(\"rm\").arg(\"-rf\").arg(\"b\"); }\n",
		// A deletion through Rust's own API runs no rm.
		"/s/Cargo.toml":  "[package]\nname = \"s\"\n",
		"/s/src/main.rs": "fn main() { std::fs::remove_dir_all(\"b\").unwrap(); let _ = r#\"rm -rf b\"#; }\n",
		// A comment and a string in a comment are no string.
		"/c/Cargo.toml": "[package]\nname = \"c\"\n",
		"/c/build.rs":   "use std::process::Command;\n/* Command::new(\"rm\").args([\"-rf\", \"b\"]) /* nested */ \"rm -rf b\" */\n// \"rm -rf b\"\nfn main() { Command::new(\"git\").args([\"rev-parse\", \"HEAD\"]); }\n",
		// Raw, byte and escaped strings.
		"/r/Cargo.toml":   "[package]\nname = \"r\"\nbuild = \"tools/gen.rs\"\n",
		"/r/tools/gen.rs": "fn main() { let s = r#\"rm -rf \"b\"\"#; std::process::Command::new(\"sh\").arg(\"-c\").arg(s); }\n",
		"/r/build.rs":     "fn main() { std::process::Command::new(\"rm\").arg(\"-rf\").arg(\"x\"); }\n",
		"/e/Cargo.toml":   "[package]\nname = \"e\"\n",
		"/e/build.rs":     "fn main() { let c = 'a'; let l: &'static str = \"\\x72m -rf \\u{62}\"; std::process::Command::new(\"sh\").args(&[\"-c\", l]); }\n",
		// A proc-macro crate runs in the compiler.
		"/m/Cargo.toml":          "[workspace]\nmembers = [\"mac\"]\n",
		"/m/mac/Cargo.toml":      "[package]\nname = \"mac\"\n[lib]\nproc-macro = true\n",
		"/m/mac/src/lib.rs":      "use std::process::Command;\nfn expand() { Command::new(\"rm\").args(vec![\"-rf\", \"b\"]); }\n",
		"/bad/Cargo.toml":        "[package\n",
		"/bad/build.rs":          "fn main() {}\n",
		"/w/Cargo.toml":          "[package]\nname = \"w\"\n",
		"/w/crates/a/build.rs":   "use xshell::cmd;\nfn main() { cmd!(sh, \"rm -rf {dir}\").run(); }\n",
		"/w/crates/a/Cargo.toml": "[package]\nname = \"a\"\n",
	}
	p := mustCompile("rm -rf")
	wantListed(t, files, p, Match, []string{`cargo build`, `cargo b --release`, `cargo check`, `cargo clippy --all-targets`, `cargo test`,
		`cargo run`, `cd src && cargo build`, `cargo --manifest-path /p/Cargo.toml build`, `cd /q && cargo test`, `cd /q && cargo t -- --nocapture`,
		`cd /r && cargo build`, `cd /e && cargo build`, `cd /m && cargo build`, `cd /w && cargo build`, `cargo -C /q test`, `cargo +nightly build`, `cargo install --path .`, `cargo install --path=/q/../p --force`})
	wantListed(t, files, p, NoMatch, []string{`cargo fmt`, `cargo --version`, `cd /q && cargo build`, `cd /s && cargo run`, `cd /c && cargo build`,
		`cargo metadata`, `cd /tmp && cargo build`, `cargo install ripgrep`})
	wantListed(t, files, p, Unknown, []string{`cd /bad && cargo build`, `cargo build --manifest-path "$M"`,
		`echo 'fn main(){}' > build.rs && cargo build`})
	l := ParseFiles(`cd /q && cargo test`, POSIX, withList(files))
	if !slices.ContainsFunc(l.Commands, func(c Command) bool { return c.Name == "rm" && c.File == "/q/tests/t.rs" }) {
		t.Errorf("cargo test: want rm in /q/tests/t.rs, got %+v", l.Commands)
	}
	l = ParseFiles(`cd /s/src && cargo run`, POSIX, withList(files))
	if !slices.Contains(l.Paths, "/s/b") {
		t.Errorf("cargo run: want the path /s/b, got %q", l.Paths)
	}
}

// TestRustTokens: the strings of Rust text, as rustc reads them.
func TestRustTokens(t *testing.T) {
	for text, want := range map[string][]string{
		`let a = "x\"y\\"; let b = r"a\n";`:              {`x"y\`, `a\n`},
		`r##"a"#b"## br#"c"# b"d\x41" c"e"`:              {`a"#b`, `c`, `dA`, `e`},
		"\"line \\\n    continued\"":                     {"line continued"},
		`'"' '\'' '\u{22}' "z" 'a 'static "y"`:           {"z", "y"},
		`/* "a" /* "b" */ "c" */ "d" // "e"` + "\n\"f\"": {"d", "f"},
		`b'"' r#type "g"`:                                {"g"},
		`"\u{72}\u{6d} \u{D800}"`:                        {"rm "},
		`"unterminated`:                                  {"unterminated"},
		`r#"unterminated`:                                {"unterminated"},
		`/* unterminated "x"`:                            nil,
		`1.0e5 0x1F "h" 1..2`:                            {"h"},
	} {
		toks, ok := rustTokens(text, maxPyTokens)
		var got []string
		for _, tk := range toks {
			if tk.kind == 's' {
				got = append(got, tk.text)
			}
		}
		if !ok || !slices.Equal(got, want) {
			t.Errorf("rustTokens(%q) = %q (ok %v), want %q", text, got, ok, want)
		}
	}
}

// TestRustLines: the lines a Rust program's tokens spell.
func TestRustLines(t *testing.T) {
	for text, want := range map[string][]string{
		`Command::new("rm").arg("-rf").arg(dir).status()`: {"'rm' '-rf' \"$__py\"", "rm", "-rf"},
		`Command::new(prog).args(["-rf", "b"])`:           {"'-rf' 'b'", "-rf", "b"},
		`run("rm", &["-rf", "b"], opts)`:                  {"'rm' '-rf' 'b' \"$__py\"", "rm", "'-rf' 'b'", "-rf", "b"},
		`let v = vec!["rm", "-rf"];`:                      {"'rm' '-rf'", "rm", "-rf"},
	} {
		toks, _ := rustTokens(text, maxPyTokens)
		if got := rustLines(toks); !slices.Equal(got, want) {
			t.Errorf("rustLines(%q) = %q, want %q", text, got, want)
		}
	}
}

// FuzzRustTokens: any text read as Rust: no panic, no hang, strings no longer than the text,
// and the lines bounded.
func FuzzRustTokens(f *testing.F) {
	f.Add(`fn main() { Command::new("rm").args(["-rf", "b"]).arg(r#"x"#); }`)
	f.Add(`/* /* */ */ 'a' '\'' b'\x00' br##"a"## c"\u{1F600}" "\` + "\n" + `"`)
	f.Add(`x(["a", ("b", ["c"]), &vec!["d"]]) Command::new(`)
	f.Fuzz(func(t *testing.T, text string) {
		toks, _ := rustTokens(text, 1<<12)
		for _, tk := range toks {
			if len(tk.text) > len(text) {
				t.Fatalf("token %q longer than the text %q", tk.text, text)
			}
		}
		if lines := rustLines(toks); len(lines) > 3*len(toks)+1 {
			t.Fatalf("%d lines from %d tokens", len(lines), len(toks))
		}
		_ = strings.Join(nil, "")
	})
}
