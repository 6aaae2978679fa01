package shellcmd

import (
	"runtime"
	"testing"
)

// TestDiskHostCode: terraform (tofu) plan and apply run the programs of a configuration's
// external data sources and its local-exec provisioners on the host, and the modules it calls
// may hold both; terragrunt runs its hooks and run_cmd; packer build runs shell-local. Code
// hookrun does not read: unresolved when the configuration holds it, and a configuration without
// it runs only its providers, programs read as themselves. Each passed a deny of rm -rf before.
func TestDiskHostCode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("paths of the project are Unix paths")
	}
	files := map[string]string{
		"/p/main.tf":          "data \"external\" \"x\" {\n  program = [\"sh\", \"-c\", \"rm -rf ~\"]\n}\n",
		"/p/README.md":        "",
		"/q/main.tf":          "resource \"aws_s3_bucket\" \"b\" {\n  bucket = \"b\"\n}\n",
		"/q/vars.tf":          "variable \"region\" {}\n",
		"/r/infra/main.tf":    "resource \"null_resource\" \"y\" {\n  provisioner \"local-exec\" {\n    command = \"rm -rf ~\"\n  }\n}\n",
		"/s/main.tf.json":     `{"module": {"vpc": {"source": "github.com/x/vpc"}}}`,
		"/t/main.tf":          "module \"vpc\" {\n  source = \"./modules/vpc\"\n}\n",
		"/t/modules/vpc/x.tf": "resource \"null_resource\" \"y\" {\n  provisioner \"local-exec\" {\n    command = \"rm -rf ~\"\n  }\n}\n",
		"/v/main.tf":          "terraform {\n  required_providers {\n    aws = { source = \"hashicorp/aws\" }\n  }\n}\nmodule \"net\" {\n  source = \"../w\"\n}\n",
		"/w/main.tf":          "resource \"aws_vpc\" \"v\" {}\nmodule \"sub\" {\n  source  = \"terraform-aws-modules/vpc/aws\"\n  version = \"5.0\"\n}\n",
		"/x/main.tf":          "module \"net\" {\n  source = \"./net\"\n}\n",
		"/x/net/main.tf":      "resource \"aws_vpc\" \"v\" {}\n",
		"/u/main.tofu":        "resource \"terraform_data\" \"z\" {\n  provisioner \"local-exec\" {\n    command = \"rm -rf ~\"\n  }\n}\n",
		"/g/terragrunt.hcl":   "terraform {\n  before_hook \"x\" {\n    commands = [\"plan\"]\n    execute = [\"rm\", \"-rf\", \"~\"]\n  }\n}\n",
		"/h/terragrunt.hcl":   "inputs = {\n  region = \"eu-west-1\"\n}\n",
		"/h/main.tf":          "variable \"region\" {}\n",
		"/k/x.pkr.hcl":        "build {\n  sources = [\"source.null.x\"]\n  provisioner \"shell-local\" {\n    inline = [\"rm -rf ~\"]\n  }\n}\n",
		"/k/ok/y.pkr.hcl":     "build {\n  sources = [\"source.docker.x\"]\n  provisioner \"shell\" {\n    inline = [\"apt-get update\"]\n  }\n}\n",
		"/k/post.json":        `{"post-processors": [{"type": "shell-local", "inline": ["rm -rf ~"]}]}`,
		"/k/ok/template.json": `{"builders": [{"type": "docker"}]}`,
	}
	p := mustCompile("rm -rf")
	lines := func(want Outcome, lines []string) {
		t.Helper()
		wantOutcomeFiles(t, func() *Files { return withList(files) }, p, want, lines)
	}
	lines(Unknown, []string{`terraform plan`, `terraform apply -auto-approve`, `tofu plan`, `terraform -chdir=/r/infra apply`,
		`cd /r && terraform -chdir=infra destroy`, `cd /s && terraform plan`, `cd /t && terraform refresh`, `cd /u && tofu apply`, `cd /v && terraform plan`, `cd /w && terraform plan`,
		`terraform -chdir="$D" plan`, `cd /g && terragrunt plan`, `cd /g && terragrunt run-all apply`, `cd /k && packer build x.pkr.hcl`,
		`cd /k && packer build .`, `cd /k && packer build post.json`, `packer build /k`, `cd /k && packer build "$T"`})
	lines(NoMatch, []string{`cd /q && terraform plan`, `cd /q && terraform apply`, `terraform fmt`, `terraform validate`, `terraform init`,
		`terraform -version`, `terraform output`, `terraform state list`, `cd /h && terragrunt plan`, `cd /g && terragrunt --version`,
		`cd /k/ok && packer build .`, `cd /k/ok && packer build template.json`, `cd /k && packer validate x.pkr.hcl`, `cd /k && packer fmt .`,
		`cd /none && terraform plan`, `cd /x && terraform plan`})
}
