package shellcmd

import "testing"

// TestDiskComposerEnv: composer reads the file COMPOSER names instead of composer.json.
func TestDiskComposerEnv(t *testing.T) {
	p := mustCompile("rm -rf")
	files := map[string]string{
		"/p/composer.json":    `{"scripts": {"test": "phpunit"}}`,
		"/p/tools/other.json": `{"scripts": {"test": "rm -rf ~", "post-install-cmd": "rm -rf ~"}}`,
	}
	wantOutcomeIn(t, files, p, Match, []string{`COMPOSER=tools/other.json composer test`, `export COMPOSER=tools/other.json; composer install`,
		`env COMPOSER=/p/tools/other.json composer run-script test`})
	wantOutcomeIn(t, files, p, NoMatch, []string{`composer test`, `COMPOSER=missing.json composer test`})
	wantOutcomeIn(t, files, p, Unknown, []string{`COMPOSER="$F" composer test`})
}
