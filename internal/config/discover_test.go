package config

import (
	"os"
	"path/filepath"
	"testing"
)

func mkdirs(t *testing.T, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDiscover(t *testing.T) {
	tmp := t.TempDir()
	outer := filepath.Join(tmp, "repo")
	inner := filepath.Join(outer, "services", "api")
	deep := filepath.Join(inner, "src", "handlers")
	other := filepath.Join(tmp, "other")
	mkdirs(t, filepath.Join(outer, ".system", "hooks"), filepath.Join(inner, ".system", "hooks"), deep,
		filepath.Join(other, "hooks"), filepath.Join(other, "sub"))
	// A .system/hooks that is a file is not a hooks directory.
	mkdirs(t, filepath.Join(other, "sub", ".system"))
	if err := os.WriteFile(filepath.Join(other, "sub", ".system", "hooks"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	hooks := func(root string) string { return filepath.Join(root, ".system", "hooks") }

	tests := []struct {
		name, cwd, override string
		want                Location
	}{
		{"in the root", outer, "", Location{outer, hooks(outer), true}},
		{"nearest parent wins", deep, "", Location{inner, hooks(inner), true}},
		{"from a subdirectory", filepath.Join(outer, "services"), "", Location{outer, hooks(outer), true}},
		{"override ending in .system/hooks: root is its grandparent", other, hooks(inner), Location{inner, hooks(inner), true}},
		{"relative override ending in .system/hooks", outer, "services/api/.system/hooks/", Location{inner, hooks(inner), true}},
		{"override elsewhere: root is the working directory", deep, filepath.Join(other, "hooks"), Location{deep, filepath.Join(other, "hooks"), true}},
		{"relative override elsewhere", other, "hooks", Location{other, filepath.Join(other, "hooks"), true}},
		{"override wins over discovery", deep, filepath.Join(other, "hooks"), Location{deep, filepath.Join(other, "hooks"), true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Discover(tt.cwd, tt.override)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("Discover(%s, %q):\n got  %+v\n want %+v", tt.cwd, tt.override, got, tt.want)
			}
		})
	}

	t.Run("a .system/hooks file is skipped", func(t *testing.T) {
		// other/sub has a file named .system/hooks and no parent up to tmp
		// has the directory.
		sub := filepath.Join(other, "sub")
		got, err := Discover(sub, "")
		if err != nil {
			t.Fatal(err)
		}
		if got.Found && got.HooksDir == hooks(sub) {
			t.Errorf("a file named .system/hooks was taken for the hooks directory: %+v", got)
		}
	})

	t.Run("errors", func(t *testing.T) {
		for override, want := range map[string]string{
			"missing/.system/hooks": "hooks directory missing/.system/hooks: no such file or directory",
			"sub/.system/hooks":     "hooks directory sub/.system/hooks: not a directory",
		} {
			_, err := Discover(other, override)
			if err == nil || err.Error() != want {
				t.Errorf("Discover(%q): error %v, want %q", override, err, want)
			}
		}
	})
}

func TestDiscoverNone(t *testing.T) {
	// With no hooks directory anywhere above, there is no project: the root
	// is the working directory and Found is false. The machine's own
	// directories above TempDir are assumed to hold no .system/hooks.
	dir := t.TempDir()
	got, err := Discover(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, statErr := os.Stat(filepath.Join(filepath.Dir(dir), ".system", "hooks")); statErr == nil {
		t.Skip("a .system/hooks exists above the temporary directory")
	}
	want := Location{Root: dir, HooksDir: filepath.Join(dir, ".system", "hooks"), Found: false}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}
