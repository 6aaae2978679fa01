# json.sh: reading a string field out of one line of JSON, in POSIX sh and
# awk, for the example handlers (hookrun hands them the context as one
# line of compact JSON) and the sh runtime (hookrun's result is one line).
# Source it: . "$HOOKRUN_PROJECT_DIR/scripts/hooks/lib/json.sh"

# json_field NAME reads one line of JSON on stdin and prints the first
# string field NAME as JSON writes it (escapes kept), so it can be matched
# or put back into JSON. It prints nothing when there is no such field.
json_field() {
	awk -v key="\"$1\":\"" '{
		i = index($0, key); if (!i) exit
		s = substr($0, i + length(key)); out = ""
		while (s != "") {
			c = substr(s, 1, 1)
			if (c == "\\") { out = out substr(s, 1, 2); s = substr(s, 3); continue }
			if (c == "\"") break
			out = out c; s = substr(s, 2)
		}
		print out
	}'
}
