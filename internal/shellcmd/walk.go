package shellcmd

import "mvdan.cc/sh/v3/syntax"

// walk is syntax.Walk: f on node and, while f returns true, on each node beneath it, then f(nil)
// once the node's children are walked, in syntax.Walk's order. It leaves out comments, which the
// reader's parser does not keep. syntax.Walk defers the walk of a statement's trailing comments,
// and a function holding such a defer runs Go's deferreturn at every return: over a 100 KB
// line's tree, the reader's two walks took as long as the parse itself. A node type this walk
// does not know (a newer parser's) is handed to syntax.Walk, so that nothing is skipped.
func walk(node syntax.Node, f func(syntax.Node) bool) {
	if !f(node) {
		return
	}
	switch n := node.(type) {
	case *syntax.File:
		walkStmts(n.Stmts, f)
	case *syntax.Comment, *syntax.Lit, *syntax.SglQuoted:
	case *syntax.Stmt:
		if n.Cmd != nil {
			walk(n.Cmd, f)
		}
		for _, r := range n.Redirs {
			walk(r, f)
		}
	case *syntax.Assign:
		if n.Name != nil {
			walk(n.Name, f)
		}
		if n.Value != nil {
			walk(n.Value, f)
		}
		if n.Index != nil {
			walk(n.Index, f)
		}
		if n.Array != nil {
			walk(n.Array, f)
		}
	case *syntax.Redirect:
		if n.N != nil {
			walk(n.N, f)
		}
		walk(n.Word, f)
		if n.Hdoc != nil {
			walk(n.Hdoc, f)
		}
	case *syntax.CallExpr:
		for _, a := range n.Assigns {
			walk(a, f)
		}
		walkWords(n.Args, f)
	case *syntax.Subshell:
		walkStmts(n.Stmts, f)
	case *syntax.Block:
		walkStmts(n.Stmts, f)
	case *syntax.IfClause:
		walkStmts(n.Cond, f)
		walkStmts(n.Then, f)
		if n.Else != nil {
			walk(n.Else, f)
		}
	case *syntax.WhileClause:
		walkStmts(n.Cond, f)
		walkStmts(n.Do, f)
	case *syntax.ForClause:
		walk(n.Loop, f)
		walkStmts(n.Do, f)
	case *syntax.WordIter:
		walk(n.Name, f)
		walkWords(n.Items, f)
	case *syntax.CStyleLoop:
		for _, x := range [...]syntax.ArithmExpr{n.Init, n.Cond, n.Post} {
			if x != nil {
				walk(x, f)
			}
		}
	case *syntax.BinaryCmd:
		walk(n.X, f)
		walk(n.Y, f)
	case *syntax.FuncDecl:
		if n.Name != nil {
			walk(n.Name, f)
		}
		for _, name := range n.Names {
			walk(name, f)
		}
		walk(n.Body, f)
	case *syntax.Word:
		for _, p := range n.Parts {
			walk(p, f)
		}
	case *syntax.DblQuoted:
		for _, p := range n.Parts {
			walk(p, f)
		}
	case *syntax.CmdSubst:
		walkStmts(n.Stmts, f)
	case *syntax.ParamExp:
		walkParamExp(n, f)
	case *syntax.ArithmExp:
		walk(n.X, f)
	case *syntax.ArithmCmd:
		walk(n.X, f)
	case *syntax.BinaryArithm:
		walk(n.X, f)
		walk(n.Y, f)
	case *syntax.BinaryTest:
		walk(n.X, f)
		walk(n.Y, f)
	case *syntax.UnaryArithm:
		walk(n.X, f)
	case *syntax.UnaryTest:
		walk(n.X, f)
	case *syntax.ParenArithm:
		walk(n.X, f)
	case *syntax.FlagsArithm:
		walk(n.Flags, f)
		if n.X != nil {
			walk(n.X, f)
		}
	case *syntax.ParenTest:
		walk(n.X, f)
	case *syntax.CaseClause:
		walk(n.Word, f)
		for _, item := range n.Items {
			walk(item, f)
		}
	case *syntax.CaseItem:
		walkWords(n.Patterns, f)
		walkStmts(n.Stmts, f)
	case *syntax.TestClause:
		walk(n.X, f)
	case *syntax.DeclClause:
		for _, a := range n.Args {
			walk(a, f)
		}
	case *syntax.ArrayExpr:
		for _, e := range n.Elems {
			walk(e, f)
		}
	case *syntax.ArrayElem:
		if n.Index != nil {
			walk(n.Index, f)
		}
		if n.Value != nil {
			walk(n.Value, f)
		}
	case *syntax.ExtGlob:
		walk(n.Pattern, f)
	case *syntax.ProcSubst:
		walkStmts(n.Stmts, f)
	case *syntax.TimeClause:
		if n.Stmt != nil {
			walk(n.Stmt, f)
		}
	case *syntax.CoprocClause:
		if n.Name != nil {
			walk(n.Name, f)
		}
		walk(n.Stmt, f)
	case *syntax.LetClause:
		for _, x := range n.Exprs {
			walk(x, f)
		}
	case *syntax.TestDecl:
		walk(n.Description, f)
		walk(n.Body, f)
	default:
		// Its children, through syntax.Walk, which also makes the closing f(nil); f has seen
		// the node itself.
		first := true
		syntax.Walk(node, func(c syntax.Node) bool {
			if first {
				first = false
				return true
			}
			return f(c)
		})
		return
	}
	f(nil)
}

func walkParamExp(n *syntax.ParamExp, f func(syntax.Node) bool) {
	if n.Flags != nil {
		walk(n.Flags, f)
	}
	if n.Param != nil {
		walk(n.Param, f)
	}
	if n.NestedParam != nil {
		walk(n.NestedParam, f)
	}
	if n.Index != nil {
		walk(n.Index, f)
	}
	if n.Slice != nil {
		if n.Slice.Offset != nil {
			walk(n.Slice.Offset, f)
		}
		if n.Slice.Length != nil {
			walk(n.Slice.Length, f)
		}
	}
	if n.Repl != nil {
		if n.Repl.Orig != nil {
			walk(n.Repl.Orig, f)
		}
		if n.Repl.With != nil {
			walk(n.Repl.With, f)
		}
	}
	if n.Exp != nil && n.Exp.Word != nil {
		walk(n.Exp.Word, f)
	}
}

func walkStmts(stmts []*syntax.Stmt, f func(syntax.Node) bool) {
	for _, s := range stmts {
		walk(s, f)
	}
}

func walkWords(words []*syntax.Word, f func(syntax.Node) bool) {
	for _, w := range words {
		walk(w, f)
	}
}

// list names at most max entries of the directory dir (Files.List), within the line's read time.
func (r *reader) list(dir string, max int) ([]string, error) {
	return timed(r, func() ([]string, error) { return r.files.List(dir, max) })
}
