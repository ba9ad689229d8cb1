package agentcfg

import (
	"bytes"
	"fmt"

	"go.yaml.in/yaml/v3"
)

// maxFrontMatter bounds the YAML read from a file's head.
const maxFrontMatter = 64 << 10

// FrontMatter splits a Markdown file's YAML front matter ("---" lines) from
// its body. bodyLine is the 1-based line where the body starts. A malformed
// block is returned as an error and the whole file as the body, so the
// prose rules still read it.
func FrontMatter(data []byte) (fm map[string]any, body []byte, bodyLine int, err error) {
	d := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !bytes.HasPrefix(d, []byte("---")) {
		return nil, data, 1, nil
	}
	rest := d[3:]
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 || len(bytes.TrimSpace(rest[:nl])) != 0 {
		return nil, data, 1, nil
	}
	rest = rest[nl+1:]
	end := -1
	off := 0
	for off <= len(rest) {
		i := bytes.IndexByte(rest[off:], '\n')
		var line []byte
		if i < 0 {
			line = rest[off:]
		} else {
			line = rest[off : off+i]
		}
		if t := bytes.TrimRight(line, "\r \t"); bytes.Equal(t, []byte("---")) {
			end = off
			break
		}
		if i < 0 {
			break
		}
		off += i + 1
	}
	if end < 0 {
		return nil, data, 1, fmt.Errorf("its front matter has no closing '---' line, so its settings (alwaysApply, globs) are unclear; close the block")
	}
	block := rest[:end]
	after := rest[end:]
	if i := bytes.IndexByte(after, '\n'); i >= 0 {
		after = after[i+1:]
	} else {
		after = nil
	}
	bodyLine = bytes.Count(d[:len(d)-len(after)], []byte("\n")) + 1
	if len(block) > maxFrontMatter {
		return nil, after, bodyLine, fmt.Errorf("its front matter is larger than %d KB and was not read", maxFrontMatter>>10)
	}
	fm = map[string]any{}
	if e := yaml.Unmarshal(block, &fm); e != nil {
		return nil, after, bodyLine, fmt.Errorf("its front matter is not valid YAML; fix it so the rule applies as intended")
	}
	return fm, after, bodyLine, nil
}
