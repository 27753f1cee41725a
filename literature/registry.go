package literature

// Keys of the references the code cites most; the others are cited by their
// key string.
const (
	// DufourHeubach2013 is Circular Nim: CN(n,k), its P-positions for small
	// n and k, the circuits of the cycle complex, the rule variations.
	DufourHeubach2013 = "dufour-heubach-2013"
	// EhrenborgSteingrimsson1996 is Nim on a simplicial complex: circuits,
	// Nim-bases, Moore's Nim, matroids, joins and the other constructions,
	// path and cycle complexes, open questions.
	EhrenborgSteingrimsson1996 = "ehrenborg-steingrimsson-1996"
	// GurvichMartynovMaximchukVyalyi2023 is Exact Slow k-Nim with k+1 piles:
	// Smith's remoteness and the M-rule.
	GurvichMartynovMaximchukVyalyi2023 = "gurvich-martynov-maximchuk-vyalyi-2023"
	// DufourHeubachVo2021 is Circular Nim CN(7,4): the sets S1..S4.
	DufourHeubachVo2021 = "dufour-heubach-vo-2021"
	// Smith1966 is remoteness and conjunctive compounds.
	Smith1966 = "smith-1966"
)

// registry lists every reference, in the order of docs/references.md: the
// four papers nimlab is built from, the later papers on the same games, the
// classical results, and the methods nimlab uses.
var registry = []Reference{
	// The papers nimlab encodes.
	{
		Key:     DufourHeubach2013,
		Authors: []string{"M. Dufour", "S. Heubach"},
		Year:    2013,
		Title:   "Circular Nim Games",
		Venue:   "Electron. J. Combin. 20(2) (2013), #P22",
		ArXiv:   "1211.0091",
		Journal: "Electron. J. Combin.",
		Volume:  "20",
		Number:  "2",
		Pages:   "P22",
		DOI:     "10.37236/2765",
	},
	{
		Key:     EhrenborgSteingrimsson1996,
		Authors: []string{"R. Ehrenborg", "E. Steingrímsson"},
		Year:    1996,
		Title:   "Playing Nim on a simplicial complex",
		Venue:   "Electron. J. Combin. 3(1) (1996), #R9",
		Journal: "Electron. J. Combin.",
		Volume:  "3",
		Number:  "1",
		Pages:   "R9",
	},
	{
		Key:     GurvichMartynovMaximchukVyalyi2023,
		Authors: []string{"V. Gurvich", "D. Martynov", "V. Maximchuk", "M. Vyalyi"},
		Year:    2023,
		Title:   "On Remoteness Functions of Exact Slow k-NIM with k+1 Piles",
		Venue:   "arXiv 2304.06498 (2023)",
		ArXiv:   "2304.06498",
	},
	{
		Key:     DufourHeubachVo2021,
		Authors: []string{"M. Dufour", "S. Heubach", "A. Vo"},
		Year:    2021,
		Title:   "Circular Nim Games CN(7,4)",
		Venue:   "arXiv 2103.09920 (2021)",
		ArXiv:   "2103.09920",
	},

	// Later papers on the same games.
	{
		Key:     "horrocks-2010",
		Authors: []string{"D. Horrocks"},
		Year:    2010,
		Title:   "Winning Positions in Simplicial Nim",
		Venue:   "Electron. J. Combin. 17(1) (2010), #R84",
		Journal: "Electron. J. Combin.",
		Volume:  "17",
		Number:  "1",
		Pages:   "R84",
	},
	{
		Key:     "dufour-heubach-2024",
		Authors: []string{"M. Dufour", "S. Heubach"},
		Year:    2024,
		Title:   "On the P-positions of some infinite families of Slow A-Nim",
		Venue:   "arXiv 2404.06608 (2024)",
		ArXiv:   "2404.06608",
	},
	{
		Key:     "gurvich-naumova-2023",
		Authors: []string{"V. Gurvich", "M. Naumova"},
		Year:    2023,
		Title:   "Screw discrete dynamical systems and their applications to exact slow NIM",
		Venue:   "arXiv 2312.08382 (2023)",
		ArXiv:   "2312.08382",
	},
	{
		Key:     "boros-et-al-2015",
		Authors: []string{"E. Boros", "V. Gurvich", "N. B. Ho", "K. Makino", "P. Mursic"},
		Year:    2015,
		Title:   "On the Sprague-Grundy function of Exact k-Nim",
		Venue:   "arXiv 1508.04484 (2015)",
		ArXiv:   "1508.04484",
	},
	{
		Key:     "boros-et-al-2017",
		Authors: []string{"E. Boros", "V. Gurvich", "N. B. Ho", "K. Makino", "P. Mursic"},
		Year:    2017,
		Title:   "Tetris hypergraphs and combinations of impartial games",
		Venue:   "arXiv 1701.02819 (2017)",
		ArXiv:   "1701.02819",
	},
	{
		Key:     "boros-et-al-2018",
		Authors: []string{"E. Boros", "V. Gurvich", "N. B. Ho", "K. Makino", "P. Mursic"},
		Year:    2018,
		Title:   "Sprague-Grundy function of matroids and related hypergraphs",
		Venue:   "arXiv 1804.03692 (2018)",
		ArXiv:   "1804.03692",
	},
	{
		Key:     "suetsugu-2025",
		Authors: []string{"K. Suetsugu"},
		Year:    2025,
		Title:   "Extended circular nim",
		Venue:   "arXiv 2501.12045 (2025)",
		ArXiv:   "2501.12045",
	},
	{
		Key:     "kadam-dufour-heubach-2026",
		Authors: []string{"B. R. Kadam", "M. Dufour", "S. Heubach"},
		Year:    2026,
		Title:   "The Invariance Reduction Process – a New Tool to Solve Circular Nim and Related Games",
		Venue:   "arXiv 2604.02587 (2026)",
		ArXiv:   "2604.02587",
	},
	{
		Key:     "kadam-heubach-dufour-2026",
		Authors: []string{"Kadam", "S. Heubach", "M. Dufour"},
		Year:    2026,
		Title:   "Necklace Games",
		Venue:   "arXiv 2604.10364 (2026)",
		ArXiv:   "2604.10364",
	},

	// Classical results.
	{
		Key:     "bouton-1902",
		Authors: []string{"C. L. Bouton"},
		Year:    1902,
		Title:   "Nim, a game with a complete mathematical theory",
		Venue:   "Ann. of Math. (2) 3 (1901/02), 35–39",
		Journal: "Ann. of Math. (2)",
		Volume:  "3",
		Pages:   "35–39",
	},
	{
		Key:     "moore-1910",
		Authors: []string{"E. H. Moore"},
		Year:    1910,
		Title:   "A generalization of the game called Nim",
		Venue:   "Ann. of Math. (2) 11 (1910), 93–94",
		Journal: "Ann. of Math. (2)",
		Volume:  "11",
		Pages:   "93–94",
	},
	{
		Key:     Smith1966,
		Authors: []string{"C. A. B. Smith"},
		Year:    1966,
		Title:   "Graphs and composite games",
		Venue:   "J. Combin. Theory 1 (1966), 51–81",
		Journal: "J. Combin. Theory",
		Volume:  "1",
		Pages:   "51–81",
	},

	// Methods.
	{
		Key:     "murakami-uno-2014",
		Authors: []string{"K. Murakami", "T. Uno"},
		Year:    2014,
		Title:   "Efficient algorithms for dualizing large-scale hypergraphs",
		Venue:   "Discrete Appl. Math. 170 (2014)",
		ArXiv:   "1102.3813",
		Journal: "Discrete Appl. Math.",
		Volume:  "170",
	},
	{
		Key:     "mignoty-renard-rigo-whiteland-2025",
		Authors: []string{"B. Mignoty", "A. Renard", "M. Rigo", "M. A. Whiteland"},
		Year:    2025,
		Title:   "Automatic proofs in combinatorial game theory",
		Venue:   "Int. J. Game Theory 54 (2025)",
		Journal: "Int. J. Game Theory",
		Volume:  "54",
	},
	{
		Key:     "renard-rigo-2025",
		Authors: []string{"A. Renard", "M. Rigo"},
		Year:    2025,
		Venue:   "arXiv 2512.11601 (2025)",
		ArXiv:   "2512.11601",
	},
}
