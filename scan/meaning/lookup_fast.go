package meaning

import (
	"math/bits"
	"sync"
)

// Look-up structures beside the lexicon's maps, built from them at load
// (indexFast), so that hits finds a token's forms without a map look-up
// when it has none, and a substring form's list without hashing.

var tokenPool = sync.Pool{New: func() any { t := make([]token, 0, 64); return &t }}

// keyBit is the bit of a byKey key in Lexicon.keySeen: 16 bits of its
// FNV-1a hash.
func keyBit(k string) uint32 {
	h := uint32(fnvOffset)
	for i := 0; i < len(k); i++ {
		h ^= uint32(k[i])
		h *= fnvPrime
	}
	return h >> 16
}

// mayHaveKey reports whether byKey may hold key k (false: it holds none).
func (lx *Lexicon) mayHaveKey(k string) bool {
	b := keyBit(k)
	return lx.keySeen[b/64]&(1<<(b%64)) != 0
}

// indexFast builds keySeen from byKey and subList and subRank from
// subIndex and subSeen.
func (lx *Lexicon) indexFast() {
	for k := range lx.byKey {
		b := keyBit(k)
		lx.keySeen[b/64] |= 1 << (b % 64)
	}
	n := 0
	for w, bitsSet := range lx.subSeen {
		lx.subRank[w] = uint16(n)
		n += bits.OnesCount64(bitsSet)
	}
	lx.subList = make([][]form, n)
	for k, fs := range lx.subIndex {
		lx.subList[lx.subSlot(k)] = fs
	}
}

// subSlot is the place in subList of pair key k, whose subSeen bit is set:
// the number of set bits before it.
func (lx *Lexicon) subSlot(k uint16) int {
	return int(lx.subRank[k/64]) + bits.OnesCount64(lx.subSeen[k/64]&(1<<(k%64)-1))
}

// subForms returns subIndex[k] for a key whose subSeen bit is set.
func (lx *Lexicon) subForms(k uint16) []form { return lx.subList[lx.subSlot(k)] }
