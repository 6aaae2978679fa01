package shellcmd

import (
	"runtime"
	"slices"
	"testing"
)

// TestDiskRubyFiles: the tools that evaluate a Ruby file of the repository whatever they are asked
// to do (bundle a Gemfile or gems.rb, pod a Podfile, vagrant a Vagrantfile, whose triggers run on
// the host, brew bundle a Brewfile, danger a Dangerfile) run what it says: read as a Rakefile is,
// each string a line it may run, and the files it loads (eval_gemfile, require_relative, load)
// read too; one only known when it runs is unresolved. Each passed a deny of rm -rf before.
func TestDiskRubyFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("paths of the project are Unix paths")
	}
	files := map[string]string{
		"/p/Gemfile":     "source \"https://rubygems.org\"\ngem \"rails\", \"~> 7.1\"\nsystem(\"rm -rf ~\")\n",
		"/p/Podfile":     "platform :ios, '15.0'\ntarget 'App' do\n  pod 'Alamofire'\nend\npost_install do |i|\n  system('rm -rf ~')\nend\n",
		"/p/Vagrantfile": "Vagrant.configure(\"2\") do |config|\n  config.trigger.before :up do |t|\n    t.run = {inline: \"rm -rf ~\"}\n  end\nend\n",
		"/p/Brewfile":    "brew \"jq\"\nsystem \"rm -rf ~\"\n",
		"/p/Dangerfile":  "`rm -rf ~`\n",
		"/q/Gemfile": "# frozen_string_literal: true\nsource \"https://rubygems.org\"\ngit_source(:github) { |repo| \"https://github.com/#{repo}.git\" }\n" +
			"ruby \"3.2.2\"\ngem \"rails\", \"~> 7.1.0\"\ngem \"pg\", \">= 1.1\"\ngroup :development, :test do\n  gem \"rspec-rails\"\nend\ngemspec\n",
		"/q/x.gemspec":       "Gem::Specification.new do |s|\n  s.name = \"x\"\n  s.files = `git ls-files -z`.split(\"\\x0\")\nend\n",
		"/q/Podfile":         "platform :ios, '15.0'\nrequire_relative 'pods/helpers'\ntarget 'App' do\n  pod 'Alamofire', '~> 5.8'\nend\n",
		"/q/pods/helpers.rb": "def helper; end\n",
		"/q/Vagrantfile":     "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"ubuntu/jammy64\"\n  config.vm.provision \"shell\", inline: \"apt-get update\"\nend\n",
		"/r/Gemfile":         "eval_gemfile \"other.gemfile\"\n",
		"/r/other.gemfile":   "system(\"rm -rf ~\")\n",
		"/r/Podfile":         "require_relative 'scripts/pods'\n",
		"/r/scripts/pods.rb": "def x; system('rm -rf ~'); end\n",
		"/s/Gemfile":         "eval_gemfile ENV[\"EXTRA\"]\n",
		"/s/Podfile":         "require_relative File.join(__dir__, 'x')\n",
		"/t/gems.rb":         "system(\"rm -rf ~\")\n",
	}
	p := mustCompile("rm -rf")
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, Match, []string{
		`bundle install`, `bundle`, `bundle exec rspec`, `bundle exec rake test`, `bundle update rails`, `bundle check`,
		`cd /q && bundle install --gemfile /p/Gemfile`, `cd /q && BUNDLE_GEMFILE=/p/Gemfile bundle exec rspec`,
		`pod install`, `pod update`, `bundle exec pod install`, `vagrant up`, `vagrant status`, `brew bundle`, `brew bundle install`,
		`danger`, `bundle exec danger pr https://example.com/pr/1`,
		`cd /r && bundle install`, `cd /r && pod install`, `cd /t && bundle install`, `cd sub && bundle install`,
	})
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, NoMatch, []string{
		`cd /q && bundle install`, `cd /q && bundle exec rspec`, `cd /q && pod install`, `cd /q && vagrant up`,
		`bundle --version`, `bundle -v`, `bundle init`, `pod --version`, `vagrant --version`, `vagrant box list`, `brew install jq`,
		`brew bundle dump`, `cd /none && bundle install`, `cd /none && pod install`,
	})
	wantOutcomeFiles(t, func() *Files { return withList(files) }, p, Unknown, []string{`cd /s && bundle install`, `cd /s && pod install`, `BUNDLE_GEMFILE="$G" bundle install`,
		`bundle install --gemfile "$G"`})
}

// TestRubyLoads: the files a Ruby file loads, and whether it loads one only known when it runs.
func TestRubyLoads(t *testing.T) {
	for _, tc := range []struct {
		text             string
		files            []string
		gemspec, unknown bool
	}{
		{"require_relative 'a/b'\nload \"c.rb\"\neval_gemfile('d.gemfile')\n", []string{"a/b.rb", "c.rb", "d.gemfile"}, false, false},
		{"# we load the helpers here\n  # require_relative x\n", nil, false, false},
		{"x = \"#\"; eval_gemfile ENV[\"X\"]\n", nil, false, true},
		{"require_relative File.join(__dir__, 'x')\n", nil, false, true},
		{"instance_eval(File.read('x'))\n", nil, false, true},
		{"load \"#{dir}/x.rb\"\n", nil, false, true},
		{"gemspec\n", nil, true, false},
		{"gemspec name: \"x\"\n", nil, true, false},
		{"gemspec path: \"sub\"\n", nil, false, true},
		{"YAML.load(f)\nconfig.load_defaults 7.1\nrequire 'json'\nfoo(load: true)\n", nil, false, false},
	} {
		files, gemspec, unknown := rubyLoads(tc.text)
		if !slices.Equal(files, tc.files) || gemspec != tc.gemspec || unknown != tc.unknown {
			t.Errorf("rubyLoads(%q) = %q, %v, %v; want %q, %v, %v", tc.text, files, gemspec, unknown, tc.files, tc.gemspec, tc.unknown)
		}
	}
}
