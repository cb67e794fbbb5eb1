package scene

import "strings"

// Wrap splits s into lines no wider than width at size (measured with m,
// EstimateWidth when nil). Lines break between words and at each "\n"; a
// word wider than a whole line (a file path) is cut where it has to be,
// between runes, so no line is ever wider than width unless one rune is.
func Wrap(s string, size, width float64, bold bool, m Measurer) []string {
	if m == nil {
		m = EstimateWidth
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			if line != "" && m(word, size, bold) > width {
				out = append(out, line)
				line = ""
			}
			for line == "" && m(word, size, bold) > width {
				rs := []rune(word)
				if len(rs) < 2 {
					break
				}
				n := len(rs) - 1
				for n > 1 && m(string(rs[:n]), size, bold) > width {
					n--
				}
				out = append(out, string(rs[:n]))
				word = string(rs[n:])
			}
			try := word
			if line != "" {
				try = line + " " + word
			}
			if line != "" && m(try, size, bold) > width {
				out = append(out, line)
				line = word
			} else {
				line = try
			}
		}
		out = append(out, line)
	}
	return out
}
