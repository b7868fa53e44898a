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

type shLexer struct {
	src       string
	i         int
	line, col int
	word      strings.Builder
	inWord    bool
	wordLine  int
	wordCol   int
	cur       []token
	cmds      []shCommand
	skipNext  bool     // the next word is a redirection target
	heredocs  []string // delimiters whose bodies start after the current line
	heredocTr []bool   // <<- : the delimiter line may be indented with tabs
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
			l.endCommand() // a command substitution holds commands of its own
			l.advance(2)
		case ch == '<' && strings.HasPrefix(l.src[l.i:], "<<") && !strings.HasPrefix(l.src[l.i:], "<<<"):
			l.endWord()
			l.heredoc()
		case ch == '<' || ch == '>':
			l.endWord()
			for l.i < len(l.src) && (l.src[l.i] == '<' || l.src[l.i] == '>' || l.src[l.i] == '&') {
				l.advance(1)
			}
			l.skipNext = true
		case ch == ';' || ch == '&' || ch == '|' || ch == '(' || ch == ')' || ch == '`':
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
		l.wordLine, l.wordCol = l.line, l.col
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
	l.cur = append(l.cur, token{s: l.word.String(), line: l.wordLine, col: l.wordCol})
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
