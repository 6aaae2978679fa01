// Package declcache keeps what each declaration file decoded to, between
// runs, so that emit does not parse a thousand YAML files on every event.
package declcache

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/hookrun/hookrun/internal/config"
	"github.com/hookrun/hookrun/internal/envref"
	"github.com/hookrun/hookrun/internal/event"
	"github.com/hookrun/hookrun/internal/safefile"
	"github.com/hookrun/hookrun/internal/shellcmd"
)

// The declaration cache keeps what each file decoded to, so that emit does
// not parse a thousand YAML files on every event. It is never stale: an
// entry is used only when the file's identity (device, inode, size, mtime,
// ctime) is unchanged, and a file changed within racyWindow of being cached
// is not cached at all, so an edit inside one timestamp tick cannot hide.
// Any doubt (a different hookrun binary, a short or corrupt file) means
// parse everything again, and a binary that cannot tell which it is keeps
// no cache. The cache lives outside the repository, in the
// user's cache directory, one file per hooks directory and hookrun binary.

const (
	cacheMagic  = "hookrun-decl-cache\x00"
	cacheVer    = 7
	cacheMaxAge = 30 * 24 * time.Hour // unused caches are pruned after this
)

// maxCacheBytes caps the cache file: far above what a thousand hooks take.
const maxCacheBytes = 64 << 20

// racyWindow is how long after a change a file's timestamps are not
// trusted: far longer than any filesystem's timestamp granularity. Tests
// shorten it.
var racyWindow = 2 * time.Second

// File returns where the cache of hooksDir lives, or "" when caching
// is off (HOOKRUN_CACHE=off), there is no user cache directory (or only a
// relative one), or it lies
// inside the project (config.Bound): XDG_CACHE_HOME can point there (a
// project's .env sets Gemini CLI's environment), where the repository's
// files are an agent's to write and init's guard does not know the cache.
func File(hooksDir string) string {
	if os.Getenv("HOOKRUN_CACHE") == "off" {
		return ""
	}
	base, err := os.UserCacheDir()
	if err != nil || !filepath.IsAbs(base) {
		// A relative one (HOME=.) is relative to where hookrun runs: the project.
		return ""
	}
	// Where the cache directory is once its links are followed: hookrun's
	// own directory when it exists (a link there into the repository
	// would put the cache among the agent's files), else the base.
	dir := filepath.Join(base, "hookrun")
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		if real, err = filepath.EvalSymlinks(base); err != nil {
			real = base
		}
	}
	if inProject(config.Bound(hooksDir), real) {
		return ""
	}
	// One file per hooks directory and hookrun binary: two binaries used in
	// turn (an npm install and a go install) each read only their own cache
	// (openCache), so sharing one file made each parse every declaration
	// again and rewrite the cache at every event. A binary's caches go
	// when unused for cacheMaxAge, as a project's do.
	id := self()
	h := fnv.New64a() // a name, not a secret: no need for a crypto hash
	h.Write([]byte(hooksDir))
	h.Write(binary.LittleEndian.AppendUint64(nil, id.dev))
	h.Write(binary.LittleEndian.AppendUint64(nil, id.ino))
	h.Write(binary.LittleEndian.AppendUint64(nil, id.size))
	h.Write(binary.LittleEndian.AppendUint64(nil, uint64(id.mtime)))
	h.Write(binary.LittleEndian.AppendUint64(nil, uint64(id.ctime)))
	return filepath.Join(dir, fmt.Sprintf("decl-%016x.bin", h.Sum64()))
}

// inProject reports whether the resolved path real lies in bound, the
// project's work tree (config.Bound; "" is none).
func inProject(bound, real string) bool {
	if bound == "" {
		return false
	}
	rel, err := filepath.Rel(bound, real)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// Load reads and validates every declaration under dir, as config.Load
// does, taking files unchanged since an earlier load from the cache at
// cacheFile ("" means none) instead of parsing them again. It also
// returns how many files were parsed.
func Load(dir, cacheFile string) (*config.Set, int, error) {
	started := time.Now()
	files, ignored, refused, err := config.Files(dir)
	if err != nil {
		return nil, 0, err
	}
	bound := config.Bound(dir)
	c := openCache(cacheFile, bound)
	parsed := make([]config.FileResult, len(files))
	ids := make([]fileID, len(files))
	idOK := make([]bool, len(files))
	var misses []int
	statIDs(files, ids, idOK)
	for i, f := range files {
		if why, ok := refused[f]; ok {
			parsed[i] = config.Refused(f, why) // never cached: it has no hook
		} else if p, hit := c.lookup(f, ids[i], idOK[i]); hit {
			parsed[i] = p
		} else {
			misses = append(misses, i)
		}
	}
	config.ParseAll(bound, files, parsed, misses)
	c.save(files, ids, idOK, parsed, started)
	set := config.Assemble(files, parsed)
	set.Ignored = ignored
	return set, len(misses), nil
}

// statIDs stats every file, spread over the CPUs: with a warm cache the
// stats are most of the work, a system call per file.
func statIDs(files []string, ids []fileID, ok []bool) {
	all := make([]int, len(files))
	for i := range all {
		all[i] = i
	}
	config.Spread(all, func(i int) { ids[i], ok[i] = statID(files[i]) })
}

// fileID is what must not change for a cached entry to be used.
type fileID struct {
	dev, ino, size uint64
	mtime, ctime   int64 // nanoseconds
}

type cacheEntry struct {
	id     fileID
	parsed config.FileResult
}

// cache is the loaded cache of one hooks directory.
type cache struct {
	path    string
	entries map[string]cacheEntry // by absolute file path
	self    fileID                // the hookrun binary that wrote it
}

// openCache reads the cache at path; a missing, foreign or damaged cache
// is an empty one, and so is one that lies, once opened, in bound (the
// project's work tree: see File), whatever link led there.
func openCache(path, bound string) *cache {
	c := &cache{path: path, entries: map[string]cacheEntry{}, self: self()}
	if c.self == (fileID{}) {
		// A binary that cannot tell which it is (no /proc) would share its empty identity
		// with every other such hookrun, older ones too: no cache, read or written.
		c.path = ""
	}
	if c.path == "" {
		return c
	}
	// The cache is read like a declaration: a FIFO or a device planted in
	// its place must not hang or exhaust hookrun.
	data, st, err := safefile.ReadFileWithin(path, maxCacheBytes, func(real string) bool { return !inProject(bound, real) })
	if err != nil || !ownCache(st) {
		return c
	}
	entries, err := decodeCache(data, c.self)
	if err == nil {
		c.entries = entries
	}
	return c
}

// lookup returns the cached result for file when its identity is unchanged.
func (c *cache) lookup(file string, id fileID, ok bool) (config.FileResult, bool) {
	if !ok {
		return config.FileResult{}, false
	}
	e, hit := c.entries[file]
	if !hit || e.id != id {
		return config.FileResult{}, false
	}
	return e.parsed, true
}

// save writes the cache for the files just loaded, leaving out files too
// recently changed to trust their timestamps. It writes only when that
// differs from what the cache already holds, and replaces the file
// atomically; failures are ignored, since the cache is only an optimization.
func (c *cache) save(files []string, ids []fileID, idOK []bool, parsed []config.FileResult, started time.Time) {
	if c.path == "" {
		return
	}
	limit := started.Add(-racyWindow).UnixNano()
	keep := make([]bool, len(files))
	n, changed := 0, false
	for i, f := range files {
		// A file that could not be read at all (no hook) is read again next
		// time: what was wrong with it may have been put right.
		keep[i] = idOK[i] && ids[i].mtime < limit && ids[i].ctime < limit && parsed[i].Hook != nil
		if keep[i] {
			n++
			e, had := c.entries[f]
			changed = changed || !had || e.id != ids[i]
		}
	}
	if !changed && n == len(c.entries) {
		return
	}
	var buf bytes.Buffer
	e := &cacheWriter{&buf}
	buf.WriteString(cacheMagic)
	e.uint(cacheVer)
	e.id(c.self)
	e.uint(uint64(n))
	for i, f := range files {
		if !keep[i] {
			continue
		}
		e.str(f)
		e.id(ids[i])
		e.parsed(parsed[i])
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return
	}
	pruneCaches(filepath.Dir(c.path), started)
	tmp, err := os.CreateTemp(filepath.Dir(c.path), ".decl-*.tmp")
	if err != nil {
		return
	}
	_, werr := tmp.Write(buf.Bytes())
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), c.path) != nil {
		_ = os.Remove(tmp.Name())
	}
}

// pruneCaches removes the caches of hooks directories not loaded for
// cacheMaxAge (temporary checkouts come and go), and temporary files left
// by a hookrun that died while writing one. It runs only when a cache is
// written, which is rare, and removes nothing else: the directory may be
// a link to one that holds other files.
func pruneCaches(dir string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !cacheName(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err == nil && !e.IsDir() && now.Sub(info.ModTime()) > cacheMaxAge {
			_ = os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// cacheName reports whether name is one File or save gives a file:
// decl-<16 hex digits>.bin, or .decl-*.tmp.
func cacheName(name string) bool {
	if strings.HasPrefix(name, ".decl-") && strings.HasSuffix(name, ".tmp") {
		return true
	}
	hex, ok := strings.CutPrefix(name, "decl-")
	hex, bin := strings.CutSuffix(hex, ".bin")
	return ok && bin && len(hex) == 16 && strings.Trim(hex, "0123456789abcdef") == ""
}

// self is selfID, looked up once per process: File and openCache both need it.
// A variable so that a test can stand in for another binary; statically
// initialised, where sync.OnceValue would run at every start
// (start_no_package_init).
var self = func() fileID {
	selfOnce.Do(func() { selfOnce.id = selfID() })
	return selfOnce.id
}

var selfOnce struct {
	sync.Once
	id fileID
}

// selfID identifies the running binary: a rebuilt hookrun (whose rules may
// differ) never reads an older binary's cache.
func selfID() fileID {
	if id, ok := binaryID(selfExe); ok {
		return id
	}
	exe, err := os.Executable()
	if err != nil {
		return fileID{}
	}
	id, _ := binaryID(exe)
	return id
}

// cacheWriter writes the cache's binary format: uvarints, and strings as a
// length and bytes. Slices store length+1 so that nil stays nil.
type cacheWriter struct{ b *bytes.Buffer }

func (e *cacheWriter) uint(v uint64) { e.b.Write(binary.AppendUvarint(nil, v)) }
func (e *cacheWriter) int(v int64)   { e.b.Write(binary.AppendVarint(nil, v)) }
func (e *cacheWriter) str(s string)  { e.uint(uint64(len(s))); e.b.WriteString(s) }
func (e *cacheWriter) bool(v bool) {
	if v {
		e.b.WriteByte(1)
	} else {
		e.b.WriteByte(0)
	}
}

func (e *cacheWriter) strs(ss []string) {
	if ss == nil {
		e.uint(0)
		return
	}
	e.uint(uint64(len(ss)) + 1)
	for _, s := range ss {
		e.str(s)
	}
}

// places writes a list of positions; nil and empty read back as nil.
func (e *cacheWriter) places(ps []config.Pos) {
	e.uint(uint64(len(ps)))
	for _, p := range ps {
		e.int(int64(p.Line))
		e.int(int64(p.Col))
	}
}

func (e *cacheWriter) id(id fileID) {
	e.uint(id.dev)
	e.uint(id.ino)
	e.uint(id.size)
	e.int(id.mtime)
	e.int(id.ctime)
}

func (e *cacheWriter) parsed(p config.FileResult) {
	e.uint(uint64(len(p.Findings)))
	for _, f := range p.Findings {
		e.str(f.File)
		e.int(int64(f.Line))
		e.int(int64(f.Col))
		e.str(string(f.Severity))
		e.str(f.HookID)
		e.str(f.Message)
		e.bool(f.Related != nil)
		if f.Related != nil {
			e.str(f.Related.File)
			e.int(int64(f.Related.Line))
			e.int(int64(f.Related.Col))
		}
	}
	e.bool(p.Hook != nil)
	if p.Hook == nil {
		return
	}
	h := p.Hook
	e.str(h.ID)
	e.str(string(h.Event))
	e.bool(h.Enabled)
	e.bool(h.Blocking)
	e.str(h.Summary)
	e.int(int64(h.Priority))
	e.str(h.OnError)
	e.strs(h.Match.AbilityScope)
	e.bool(h.Match.MinDurationMS != nil)
	if h.Match.MinDurationMS != nil {
		e.int(*h.Match.MinDurationMS)
	}
	e.strs(h.Match.OnlyIfChangedPaths)
	e.strs(h.Match.CallerSource)
	e.strs(h.Match.Paths)
	e.str(h.Handler.Kind)
	e.str(h.Handler.Command)
	e.strs(h.Handler.Args)
	e.bool(h.Handler.HasArgs)
	e.uint(uint64(len(h.Handler.Env)))
	for _, v := range h.Handler.Env {
		e.str(v.Name)
		e.str(v.Value)
	}
	e.int(int64(h.Handler.Timeout))
	if h.Effects == nil {
		e.uint(0)
	} else {
		e.uint(uint64(len(h.Effects)) + 1)
	}
	for _, x := range h.Effects {
		switch v := x.(type) {
		case string:
			e.uint(0)
			e.str(v)
		case map[string]string:
			e.uint(1)
			for k, val := range v { // one key
				e.str(k)
				e.str(val)
			}
		}
	}
	e.str(h.File)
	e.int(int64(h.Pos.Line))
	e.int(int64(h.Pos.Col))
	e.int(int64(h.CommandPos.Line))
	e.int(int64(h.CommandPos.Col))
	e.int(int64(h.TimeoutPos.Line))
	e.int(int64(h.TimeoutPos.Col))
	e.int(int64(h.MinDurationPos.Line))
	e.int(int64(h.MinDurationPos.Col))
	e.places(h.PathsPos)
	e.places(h.ChangedPathsPos)
	e.bool(h.Disabled)
	e.rules(h.Handler.Rules)
	e.http(h.Handler.HTTP)
}

// http writes an http handler as written: its templates are parsed again when read.
func (e *cacheWriter) http(web *config.HTTP) {
	e.bool(web != nil)
	if web == nil {
		return
	}
	e.str(web.URL.String())
	e.uint(uint64(len(web.Headers)))
	for _, h := range web.Headers {
		e.str(h.Name)
		e.str(h.Value.String())
	}
	e.strs(web.AllowedEnv)
	e.str(web.Response)
}

// rules writes a rules handler's rule set as written: its patterns are compiled again when read,
// which costs far less than decoding the YAML did (an event with ten rules hooks spent a sixth of
// its time there).
func (e *cacheWriter) rules(rs *config.RuleSet) {
	e.bool(rs != nil)
	if rs == nil {
		return
	}
	e.str(rs.Unresolved)
	e.bool(rs.HasCommands)
	e.uint(uint64(len(rs.Rules)))
	for _, r := range rs.Rules {
		e.str(r.Decision)
		e.str(r.Reason)
		e.uint(uint64(len(r.Commands)))
		for _, p := range r.Commands {
			e.str(p.String())
		}
		e.strs(r.Paths)
		e.bool(r.IgnorePrograms)
		e.strs(r.Sources)
		e.bool(r.Prompt != nil)
		if r.Prompt != nil {
			e.str(r.Prompt.String())
		}
		e.str(r.AdditionalContext)
		e.str(r.ContextFile)
		e.int(int64(r.Pos.Line))
		e.int(int64(r.Pos.Col))
		e.places(r.PathsPos)
	}
}

var errCorrupt = errors.New("corrupt cache")

// cacheReader reads what cacheWriter wrote; any inconsistency sets err.
type cacheReader struct {
	b   []byte
	err error
}

func (d *cacheReader) uint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err, d.b = errCorrupt, nil
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *cacheReader) int() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.err, d.b = errCorrupt, nil
		return 0
	}
	d.b = d.b[n:]
	return v
}

// str returns the next string without copying it: it points into the
// cache file's bytes, which are never modified and live as long as the
// hooks that use them. (A thousand hooks' strings would otherwise be
// thousands of allocations on every emit.)
func (d *cacheReader) str() string {
	n := d.uint()
	if n > uint64(len(d.b)) {
		d.err, d.b = errCorrupt, nil
		return ""
	}
	if n == 0 {
		return ""
	}
	s := unsafe.String(&d.b[0], n)
	d.b = d.b[n:]
	return s
}

func (d *cacheReader) bool() bool {
	if len(d.b) == 0 {
		d.err = errCorrupt
		return false
	}
	v := d.b[0] == 1
	d.b = d.b[1:]
	return v
}

func (d *cacheReader) strs() []string {
	n := d.uint()
	if n == 0 || d.err != nil {
		return nil
	}
	if n-1 > uint64(len(d.b)) {
		d.err, d.b = errCorrupt, nil
		return nil
	}
	out := make([]string, n-1)
	for i := range out {
		out[i] = d.str()
	}
	return out
}

func (d *cacheReader) places() []config.Pos {
	n := d.count()
	if n == 0 {
		return nil
	}
	out := make([]config.Pos, n)
	for i := range out {
		out[i] = config.Pos{Line: int(d.int()), Col: int(d.int())}
	}
	return out
}

func (d *cacheReader) id() fileID {
	return fileID{dev: d.uint(), ino: d.uint(), size: d.uint(), mtime: d.int(), ctime: d.int()}
}

func (d *cacheReader) count() int {
	n := d.uint()
	if n > uint64(len(d.b)) { // every item takes at least a byte
		d.err, d.b = errCorrupt, nil
		return 0
	}
	return int(n)
}

func decodeCache(data []byte, self fileID) (map[string]cacheEntry, error) {
	if !bytes.HasPrefix(data, []byte(cacheMagic)) {
		return nil, errCorrupt
	}
	d := &cacheReader{b: data[len(cacheMagic):]}
	if d.uint() != cacheVer || d.id() != self || d.err != nil {
		return nil, fmt.Errorf("cache from another hookrun")
	}
	n := d.count()
	out := make(map[string]cacheEntry, n)
	for range n {
		file := d.str()
		id := d.id()
		p := d.parsed()
		if d.err != nil {
			return nil, d.err
		}
		out[file] = cacheEntry{id, p}
	}
	if d.err != nil || len(d.b) != 0 {
		return nil, errCorrupt
	}
	return out, nil
}

func (d *cacheReader) parsed() config.FileResult {
	var p config.FileResult
	nf := d.count()
	for range nf {
		f := config.Finding{File: d.str(), Line: int(d.int()), Col: int(d.int()), Severity: config.Severity(d.str()), HookID: d.str(), Message: d.str()}
		if d.bool() {
			f.Related = &config.Place{File: d.str(), Line: int(d.int()), Col: int(d.int())}
		}
		p.Findings = append(p.Findings, f)
	}
	if !d.bool() || d.err != nil {
		return p
	}
	h := &config.Hook{}
	h.ID = d.str()
	h.Event = event.Name(d.str())
	h.Enabled = d.bool()
	h.Blocking = d.bool()
	h.Summary = d.str()
	h.Priority = int(d.int())
	h.OnError = d.str()
	h.Match.AbilityScope = d.strs()
	if d.bool() {
		v := d.int()
		h.Match.MinDurationMS = &v
	}
	h.Match.OnlyIfChangedPaths = d.strs()
	h.Match.CallerSource = d.strs()
	h.Match.Paths = d.strs()
	h.Handler.Kind = d.str()
	h.Handler.Command = d.str()
	h.Handler.Args = d.strs()
	h.Handler.HasArgs = d.bool()
	if ne := d.count(); ne > 0 {
		h.Handler.Env = make([]config.EnvVar, ne)
		for i := range h.Handler.Env {
			h.Handler.Env[i] = config.EnvVar{Name: d.str(), Value: d.str()}
		}
	}
	h.Handler.Timeout = time.Duration(d.int())
	if n := d.count(); n > 0 {
		h.Effects = make([]any, 0, n-1)
		for range n - 1 {
			if d.uint() == 0 {
				h.Effects = append(h.Effects, d.str())
			} else {
				k := d.str()
				h.Effects = append(h.Effects, map[string]string{k: d.str()})
			}
		}
	}
	h.File = d.str()
	h.Pos = config.Pos{Line: int(d.int()), Col: int(d.int())}
	h.CommandPos = config.Pos{Line: int(d.int()), Col: int(d.int())}
	h.TimeoutPos = config.Pos{Line: int(d.int()), Col: int(d.int())}
	h.MinDurationPos = config.Pos{Line: int(d.int()), Col: int(d.int())}
	h.PathsPos = d.places()
	h.ChangedPathsPos = d.places()
	h.Disabled = d.bool()
	h.Handler.Rules = d.rules()
	h.Handler.HTTP = d.http()
	p.Hook = h
	return p
}

func (d *cacheReader) http() *config.HTTP {
	if !d.bool() || d.err != nil {
		return nil
	}
	template := func() envref.Template {
		t, err := envref.Parse(d.str())
		if err != nil { // it parsed when cached: this is not that cache
			d.err, d.b = errCorrupt, nil
		}
		return t
	}
	web := &config.HTTP{URL: template()}
	for range d.count() {
		name := d.str()
		web.Headers = append(web.Headers, config.Header{Name: name, Value: template()})
	}
	web.AllowedEnv = d.strs()
	web.Response = d.str()
	if d.err != nil {
		return nil
	}
	return web
}

func (d *cacheReader) rules() *config.RuleSet {
	if !d.bool() || d.err != nil {
		return nil
	}
	rs := &config.RuleSet{Unresolved: d.str(), HasCommands: d.bool()}
	n := d.count()
	for range n {
		r := config.Rule{Decision: d.str(), Reason: d.str()}
		for range d.count() {
			p, err := shellcmd.Compile(d.str())
			if err != nil { // it compiled when cached: this is not that cache
				d.err, d.b = errCorrupt, nil
				return nil
			}
			r.Commands = append(r.Commands, p)
		}
		r.Paths = d.strs()
		r.IgnorePrograms = d.bool()
		r.Sources = d.strs()
		if d.bool() {
			re, err := regexp.Compile(d.str())
			if err != nil {
				d.err, d.b = errCorrupt, nil
				return nil
			}
			r.Prompt = re
		}
		r.AdditionalContext = d.str()
		r.ContextFile = d.str()
		r.Pos = config.Pos{Line: int(d.int()), Col: int(d.int())}
		r.PathsPos = d.places()
		rs.Rules = append(rs.Rules, r)
	}
	return rs
}
