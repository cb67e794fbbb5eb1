package atiiui

import (
	"strings"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
)

// Options are ATII's rules options for the start screen: the advanced
// rules first, then the alternative readings of unclear rules.
func (adapter) Options() []play.Option {
	var adv, rd []play.Option
	for _, o := range atii.OptionList() {
		op := play.Option{ID: o.ID, Title: optionLabel(o.ID), Doc: o.Description, Default: o.Default}
		if o.Kind == "advanced" {
			op.Group = "Advanced rules"
			adv = append(adv, op)
		} else {
			op.Group = "Alternative readings of unclear rules"
			rd = append(rd, op)
		}
	}
	return append(adv, rd...)
}

// optionLabel is an option's readable title: atii.OptionTitle, or for an
// option without one its id made readable ("atii/flat-terrain-sight" ->
// "Flat terrain sight"), never the bare id.
func optionLabel(id string) string {
	if t := atii.OptionTitle(id); t != id {
		return t
	}
	name := strings.ReplaceAll(id[strings.LastIndex(id, "/")+1:], "-", " ")
	if name == "" {
		return id
	}
	return strings.ToUpper(name[:1]) + name[1:]
}
