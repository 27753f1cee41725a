//go:build !js

package figure

import _ "gonum.org/v1/plot/vg/vgimg" // registers png (not in the browser, which is given SVG)
