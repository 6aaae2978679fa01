# json_string.sh: writing a value into JSON from POSIX sh and awk, for the
# example handlers, which read the context from HOOKRUN_* variables and
# answer in JSON, and for runtimes/agent.sh, which writes contexts. Source it: . "$HOOKRUN_PROJECT_DIR/scripts/hooks/lib/json_string.sh"

# json_string turns stdin into the body of a JSON string: backslashes,
# quotes, tabs and line breaks escaped, other control characters dropped.
json_string() {
	awk 'BEGIN { ORS = "" } {
		gsub(/\\/, "\\\\\\\\"); gsub(/"/, "\\\""); gsub(/\t/, "\\t"); gsub(/[\001-\037]/, "")
		if (NR > 1) print "\\n"; print
	}'
}
