package report

import (
	"fmt"
	"reflect"
	"unicode/utf8"

	"github.com/sentinel-sec/sentinel/internal/termsafe"
	"github.com/sentinel-sec/sentinel/redact"
	"github.com/sentinel-sec/sentinel/scan"
)

// Masked replaces a value Sentinel never prints at all, such as the value of
// an env or header key that carries a credential.
const Masked = "[redacted]"

// Clean returns s as it may be printed: token-shaped secrets redacted and the
// password of any URL masked. Every string that came from a scanned file goes
// through Clean before any report writes it, even though the engine redacts
// findings already.
func Clean(s string) string { return redact.Printable(s, Masked) }

// mapValue returns the printable form of the value of an env variable or
// header named key: masked entirely when redact.HideValue says so.
func mapValue(key, value string) string {
	if redact.HideValue(key, value) {
		return Masked
	}
	return Clean(value)
}

// Redacted returns a deep copy of res in which every string has been passed
// through Clean and the values of credential-named map keys are masked. It
// walks the value by reflection, so a field added to the result later is
// covered without anyone remembering to add it here.
func Redacted(res *scan.Result) *scan.Result {
	if res == nil {
		return nil
	}
	v := redactValue(reflect.ValueOf(res), "")
	return v.Interface().(*scan.Result)
}

// RedactedAny is Redacted for any value, such as an HTTP API answer that
// wraps a Result: a deep copy with every exported string cleaned and
// credential-named map values masked.
func RedactedAny[T any](v T) T {
	out := redactValue(reflect.ValueOf(&v).Elem(), "")
	if !out.IsValid() {
		return v
	}
	return out.Interface().(T)
}

func redactValue(v reflect.Value, mapKey string) reflect.Value {
	switch v.Kind() {
	case reflect.String:
		out := reflect.New(v.Type()).Elem()
		if mapKey != "" {
			out.SetString(mapValue(mapKey, v.String()))
		} else {
			out.SetString(Clean(v.String()))
		}
		return out
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type().Elem())
		out.Elem().Set(redactValue(v.Elem(), ""))
		return out
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		out.Set(v)
		for i := range v.NumField() {
			if !v.Type().Field(i).IsExported() {
				continue
			}
			out.Field(i).Set(redactValue(v.Field(i), ""))
		}
		return out
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return v // raw bytes are never written by a report
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			out.Index(i).Set(redactValue(v.Index(i), ""))
		}
		return out
	case reflect.Array:
		out := reflect.New(v.Type()).Elem()
		for i := range v.Len() {
			out.Index(i).Set(redactValue(v.Index(i), ""))
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		iter := v.MapRange()
		for iter.Next() {
			k := iter.Key()
			key := ""
			if k.Kind() == reflect.String {
				key = k.String()
				k = redactValue(k, "")
			}
			out.SetMapIndex(k, redactValue(iter.Value(), key))
		}
		return out
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type()).Elem()
		out.Set(redactValue(v.Elem(), mapKey))
		return out
	}
	return v
}

// Terminal returns s safe to print on a terminal: secrets redacted (Clean),
// and every control character, bidirectional override and invisible format
// character written as a visible escape, so a scanned file can neither send
// escape sequences to the reader's terminal nor hide or reorder what it
// shows. Invalid UTF-8 bytes are shown as \xNN.
func Terminal(s string) string { return termsafe.String(Clean(s)) }

// clip shortens s to at most n runes for one line of a terminal report.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)
	return fmt.Sprintf("%s… (%d more characters)", string(rs[:n]), len(rs)-n)
}
