package check

import (
	"strings"
)

// shCommand is one simple command of a shell script: its leading assignments and its words.
type shCommand struct {
	assigns []shAssign
	words   []token
}

type shAssign struct {
	name  string
	value token
}

// shellCommands splits shell text into simple commands, as far as elli needs: words with
// quotes removed and their lines, comments and here-documents skipped, line continuations
// joined, and ; & | ( ) ` and newlines ending a command. It is not a shell: expansions stay as
// written, which is what the checks want ($KUBECTL is still recognisably kubectl).
func shellCommands(text string, line int) []shCommand {
	return shellCommandsAt(text, line, 1)
}

// shellCommandsAt is shellCommands for text whose first line starts at column col.
func shellCommandsAt(text string, line, col int) []shCommand {
	l := &shLexer{src: text, line: line, col: col}
	l.run()
	return l.cmds
}

// maxSubstDepth bounds how deep command substitutions inside command substitutions are read
// as commands of their own; deeper ones stay words.
const maxSubstDepth = 8

// maxSubstLen bounds the text searched for the end of one command substitution.
const maxSubstLen = 64 << 10

type shLexer struct {
	src       string
	i         int
	line, col int
	word      strings.Builder
	inWord    bool
	wordLine  int
	wordCol   int
	wordStart int // where the word being read starts in src
	cur       []token
	cmds      []shCommand
	skipNext  bool     // the next word is a redirection target
	heredocs  []string // delimiters whose bodies start after the current line
	heredocTr []bool   // <<- : the delimiter line may be indented with tabs
	// jinja reads {{ expr }} as part of a word, written ${name} (Ansible tasks)
	jinja bool
	// depth counts the command substitutions around this text; unclosed is set once a
	// substitution's end was not found, after which none is searched for (each search could
	// read to the end of the text)
	depth    int
	unclosed bool
}

func (l *shLexer) run() {
	for l.i < len(l.src) {
		ch := l.src[l.i]
		switch {
		case ch == '\\' && l.i+1 < len(l.src) && l.src[l.i+1] == '\n':
			l.advance(2) // a continuation: the line goes on
		case ch == '\\' && l.i+1 < len(l.src) && l.src[l.i+1] == '\r' && l.i+2 < len(l.src) && l.src[l.i+2] == '\n':
			l.advance(3)
		case ch == '\\' && l.i+1 < len(l.src):
			l.begin()
			l.word.WriteByte(l.src[l.i+1])
			l.advance(2)
		case ch == '\n':
			l.endCommand()
			l.advance(1)
			l.skipHeredocs()
		case ch == ' ' || ch == '\t' || ch == '\r':
			l.endWord()
			l.advance(1)
		case ch == '#' && !l.inWord:
			for l.i < len(l.src) && l.src[l.i] != '\n' {
				l.advance(1)
			}
		case ch == '\'':
			l.begin()
			l.advance(1)
			for l.i < len(l.src) && l.src[l.i] != '\'' {
				l.word.WriteByte(l.src[l.i])
				l.advance(1)
			}
			l.advance(1)
		case ch == '"':
			l.begin()
			l.advance(1)
			l.doubleQuoted()
		case ch == '$' && l.i+1 < len(l.src) && l.src[l.i+1] == '{':
			l.begin()
			for l.i < len(l.src) && l.src[l.i] != '}' && l.src[l.i] != '\n' {
				l.word.WriteByte(l.src[l.i])
				l.advance(1)
			}
			if l.i < len(l.src) && l.src[l.i] == '}' {
				l.word.WriteByte('}')
				l.advance(1)
			}
		case ch == '$' && l.i+1 < len(l.src) && l.src[l.i+1] == '(':
			l.substitution(2)
		case ch == '`':
			l.substitution(1)
		case ch == '{' && l.jinja && strings.HasPrefix(l.src[l.i:], "{{"):
			l.jinjaExpr()
		case ch == '<' && strings.HasPrefix(l.src[l.i:], "<<") && !strings.HasPrefix(l.src[l.i:], "<<<"):
			l.endWord()
			l.heredoc()
		case ch == '<' || ch == '>':
			l.endWord()
			for l.i < len(l.src) && (l.src[l.i] == '<' || l.src[l.i] == '>' || l.src[l.i] == '&') {
				l.advance(1)
			}
			l.skipNext = true
		case ch == ';' || ch == '&' || ch == '|' || ch == '(' || ch == ')':
			l.endCommand()
			l.advance(1)
		default:
			l.begin()
			l.word.WriteByte(ch)
			l.advance(1)
		}
	}
	l.endCommand()
}

func (l *shLexer) advance(n int) {
	for k := 0; k < n && l.i < len(l.src); k++ {
		if l.src[l.i] == '\n' {
			l.line++
			l.col = 1
		} else {
			l.col++
		}
		l.i++
	}
}

func (l *shLexer) begin() {
	if !l.inWord {
		l.inWord = true
		l.wordLine, l.wordCol, l.wordStart = l.line, l.col, l.i
		l.word.Reset()
	}
}

func (l *shLexer) endWord() {
	if !l.inWord {
		return
	}
	l.inWord = false
	if l.skipNext {
		l.skipNext = false
		return
	}
	l.cur = append(l.cur, token{s: l.word.String(), raw: l.src[l.wordStart:l.i], line: l.wordLine, col: l.wordCol})
}

func (l *shLexer) endCommand() {
	l.endWord()
	l.skipNext = false
	if len(l.cur) == 0 {
		return
	}
	var cmd shCommand
	words := l.cur
	for len(words) > 0 {
		name, value, ok := strings.Cut(words[0].s, "=")
		if !ok || !isShellName(name) {
			break
		}
		v := words[0]
		v.s = value
		cmd.assigns = append(cmd.assigns, shAssign{name: name, value: v})
		words = words[1:]
	}
	cmd.words = words
	l.cmds = append(l.cmds, cmd)
	l.cur = nil
}

// doubleQuoted reads up to the closing quote; backslash escapes only " \ $ ` and newline.
func (l *shLexer) doubleQuoted() {
	for l.i < len(l.src) {
		ch := l.src[l.i]
		switch {
		case ch == '"':
			l.advance(1)
			return
		case ch == '\\' && l.i+1 < len(l.src) && strings.IndexByte("\"\\$`\n", l.src[l.i+1]) >= 0:
			if l.src[l.i+1] != '\n' {
				l.word.WriteByte(l.src[l.i+1])
			}
			l.advance(2)
		default:
			l.word.WriteByte(ch)
			l.advance(1)
		}
	}
}

// heredoc records a here-document's delimiter; its body is skipped after the line ends.
func (l *shLexer) heredoc() {
	l.advance(2)
	trim := false
	if l.i < len(l.src) && l.src[l.i] == '-' {
		trim = true
		l.advance(1)
	}
	for l.i < len(l.src) && (l.src[l.i] == ' ' || l.src[l.i] == '\t') {
		l.advance(1)
	}
	var d strings.Builder
	// \r ends the word too: a CRLF script's delimiter line is compared without it
	for l.i < len(l.src) && strings.IndexByte(" \t\r\n;&|<>()", l.src[l.i]) < 0 {
		if c := l.src[l.i]; c != '\'' && c != '"' && c != '\\' {
			d.WriteByte(c)
		}
		l.advance(1)
	}
	if d.Len() > 0 {
		l.heredocs = append(l.heredocs, d.String())
		l.heredocTr = append(l.heredocTr, trim)
	}
}

// skipHeredocs skips the bodies of the here-documents opened on the line just ended.
func (l *shLexer) skipHeredocs() {
	for k, delim := range l.heredocs {
		for l.i < len(l.src) {
			end := strings.IndexByte(l.src[l.i:], '\n')
			var ln string
			if end < 0 {
				ln = l.src[l.i:]
				end = len(ln)
			} else {
				ln = l.src[l.i : l.i+end]
			}
			ln = strings.TrimRight(ln, "\r")
			if l.heredocTr[k] {
				ln = strings.TrimLeft(ln, "\t")
			}
			l.advance(end + 1)
			if ln == delim {
				break
			}
		}
	}
	l.heredocs, l.heredocTr = l.heredocs[:0], l.heredocTr[:0]
}

// isShellName reports whether s can name a shell variable.
func isShellName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// substitution reads $(...) (open is 2) or `...` (open is 1) as part of the current word, as
// the shell does when it is unquoted: kubectl exec -it $(pod) bash has the pod as its third
// word. The commands inside are checked too. Arithmetic $((...)) is a word and nothing more. A
// substitution whose end cannot be found ends the command, as before.
func (l *shLexer) substitution(open int) {
	end := -1
	if !l.unclosed {
		if open == 2 {
			end = closeParen(l.src, l.i+2)
		} else {
			end = closeBacktick(l.src, l.i+1)
		}
		l.unclosed = end < 0
	}
	if end < 0 {
		l.endCommand() // a command substitution holds commands of its own
		l.advance(open)
		return
	}
	inner := l.src[l.i+open : end]
	if l.depth < maxSubstDepth && !(open == 2 && strings.HasPrefix(inner, "(")) {
		sub := &shLexer{src: inner, line: l.line, col: l.col + open, jinja: l.jinja, depth: l.depth + 1}
		sub.run()
		l.cmds = append(l.cmds, sub.cmds...)
	}
	l.begin()
	l.word.WriteString(l.src[l.i : end+1])
	l.advance(end + 1 - l.i)
}

// closeParen finds the ) that closes a $( opened before from, skipping quoted text and nested
// parentheses; -1 when there is none within maxSubstLen.
func closeParen(s string, from int) int {
	depth := 1
	for i := from; i < len(s) && i-from < maxSubstLen; i++ {
		switch s[i] {
		case '\\':
			i++
		case '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return -1
			}
			i += j + 1
		case '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

// closeBacktick finds the backquote that closes one opened before from; -1 when there is none
// within maxSubstLen.
func closeBacktick(s string, from int) int {
	for i := from; i < len(s) && i-from < maxSubstLen; i++ {
		switch s[i] {
		case '\\':
			i++
		case '`':
			return i
		}
	}
	return -1
}

// jinjaExpr reads {{ expr }} into the current word as ${name}, name being the expression's
// leading variable (or "_"): {{ bin_dir }}/kubectl stays one word whose program is kubectl,
// and {{ kubectl }} reads as a variable that holds kubectl.
func (l *shLexer) jinjaExpr() {
	end := strings.Index(l.src[l.i+2:], "}}")
	if end < 0 || strings.IndexByte(l.src[l.i+2:l.i+2+end], '\n') >= 0 {
		l.begin()
		l.word.WriteByte('{')
		l.advance(1)
		return
	}
	expr := strings.TrimSpace(l.src[l.i+2 : l.i+2+end])
	n := 0
	for n < len(expr) && (expr[n] == '_' || expr[n] >= 'a' && expr[n] <= 'z' || expr[n] >= 'A' && expr[n] <= 'Z' || n > 0 && expr[n] >= '0' && expr[n] <= '9') {
		n++
	}
	name := expr[:n]
	if name == "" {
		name = "_"
	}
	l.begin()
	l.word.WriteString("${" + name + "}")
	l.advance(end + 4)
}
