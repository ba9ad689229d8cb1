package projconf

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

var cases = []struct {
	name, doc string
	want      *Config
	err       string
}{
	{"empty", "", &Config{}, ""},
	{"null", "~\n", &Config{}, ""},
	{"all", "fail-on: compromised\nexclude: ['vendor/**', '**/testdata']\nbaseline: ci/baseline.json\n", &Config{FailOn: "compromised", Exclude: []string{"vendor/**", "**/testdata"}, Baseline: "ci/baseline.json"}, ""},
	{"typo", "fail-on: suspicious\nexlude: [a]\n", nil, `.sentinel.yaml line 2, column 1: has an unknown key "exlude"; did you mean "exclude"?`},
	{"typo far", "colour: red\n", nil, `line 1, column 1: has an unknown key "colour"; the keys are fail-on, exclude, baseline`},
	{"typo failon", "failon: suspicious\n", nil, `did you mean "fail-on"?`},
	{"never", "fail-on: never\n", nil, "line 1, column 10: fail-on: never is refused here"},
	{"bad fail-on", "fail-on: sometimes\n", nil, `line 1, column 10: fail-on "sometimes" is not one of suspicious, compromised`},
	{"upper fail-on", "fail-on: SUSPICIOUS\n", nil, `is not one of`},
	{"exclude scalar", "exclude: vendor\n", nil, "line 1, column 10: exclude must be a list"},
	{"exclude number", "exclude: [3]\n", nil, "an exclude pattern must be a string"},
	{"exclude empty", "exclude: ['']\n", nil, "is empty"},
	{"baseline absolute", "baseline: /etc/passwd\n", nil, "must be a path inside the project"},
	{"baseline up", "baseline: ../x.json\n", nil, "must be a path inside the project"},
	{"baseline backslash", "baseline: 'a\\b.json'\n", nil, "must be a path inside the project"},
	{"baseline bool", "baseline: true\n", nil, "baseline must be a string"},
	{"list", "- a\n", nil, "line 1, column 1: must be a mapping"},
	{"duplicate", "baseline: a\nbaseline: b\n", nil, `line 2, column 1: repeats the key "baseline"`},
	{"two documents", "baseline: a\n---\nbaseline: b\n", nil, "second YAML document"},
	{"not yaml", "fail-on: [\n", nil, ".sentinel.yaml is not valid YAML"},
}

func TestParse(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Parse([]byte(c.doc))
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) || strings.Contains(err.Error(), "\n") {
					t.Fatalf("error %v, want one line with %q", err, c.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

// TestSchemaAgrees: spec/sentinel-config.schema.json accepts exactly what
// Parse accepts (for every case that is YAML at all), and names exactly
// the keys the struct has.
func TestSchemaAgrees(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "spec", "sentinel-config.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("s.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("s.json")
	if err != nil {
		t.Fatal(err)
	}
	var meta struct {
		Properties map[string]any `json:"properties"`
	}
	if err := json.Unmarshal(raw, &meta); err != nil {
		t.Fatal(err)
	}
	var tags []string
	for f := range reflect.TypeFor[Config]().Fields() {
		tags = append(tags, f.Tag.Get("yaml"))
	}
	for k := range meta.Properties {
		if !slices.Contains(tags, k) || !slices.Contains(Keys, k) {
			t.Errorf("schema key %q is not in Config or Keys", k)
		}
	}
	if len(meta.Properties) != len(tags) || len(Keys) != len(tags) {
		t.Errorf("schema has %d keys, Config %d, Keys %d", len(meta.Properties), len(tags), len(Keys))
	}
	for _, cs := range cases {
		var v any
		if err := yaml.Unmarshal([]byte(cs.doc), &v); err != nil || strings.Contains(cs.doc, "---") || cs.name == "duplicate" {
			continue // not one YAML document: the schema has nothing to say
		}
		js, err := json.Marshal(v)
		if err != nil {
			continue
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
		if err != nil {
			t.Fatal(err)
		}
		schemaOK := sch.Validate(inst) == nil
		if parseOK := cs.err == ""; schemaOK != parseOK {
			t.Errorf("%s: the schema says valid=%v, Parse says valid=%v", cs.name, schemaOK, parseOK)
		}
	}
}

func TestLoad(t *testing.T) {
	if c, err := Load(fstest.MapFS{}); c != nil || err != nil {
		t.Errorf("no file: %v %v", c, err)
	}
	big := fstest.MapFS{FileName: {Data: bytes.Repeat([]byte("#"), MaxSize+1)}}
	if _, err := Load(big); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("big file: %v", err)
	}
}

func TestNearest(t *testing.T) {
	for in, want := range map[string]string{"fail_on": "fail-on", "Exclude": "exclude", "baselin": "baseline", "x": "", "excludes": "exclude"} {
		if got := Nearest(in, Keys); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzParse: any bytes give a config or one one-line error, never a panic.
func FuzzParse(f *testing.F) {
	for _, c := range cases {
		f.Add([]byte(c.doc))
	}
	f.Add([]byte("a: &x [*x]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse(data)
		if (c == nil) == (err == nil) {
			t.Fatalf("config %v, error %v", c, err)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Fatalf("error of more than one line: %q", err)
		}
	})
}
