package main

import (
	"github.com/nimlab/nimlab/commands"
	"github.com/spf13/cobra"
)

func newCiteCmd() *cobra.Command {
	var format string
	var all, asJSON bool
	cmd := &cobra.Command{
		Use:   "cite [GAME] [--format bibtex|text]",
		Short: "Print the BibTeX of the papers behind a game, and of nimlab",
		Long: `Prints how to cite nimlab and, with GAME, the papers behind the game: those
that define it (every part of a sum, compound or construction) and the paper
whose theorem decides its positions, if one does. The references come from the
bibliography of docs/references.md; nimlab's entry names the release or the
revision this binary was built from ("nimlab version").

--format bibtex (the default) prints BibTeX entries keyed as in
docs/references.md (dufour-heubach-2013, ...); --format text prints the
references in full, each with the places the game comes from. --all cites
every reference of the bibliography.`,
		Example: `  nimlab cite cn:6,3
  nimlab cite cn:6,3 --format text
  nimlab cite "moore:4,2 + slow:3,2" >> paper.bib
  nimlab cite --all`,
		Args: positional,
		RunE: func(cmd *cobra.Command, args []string) error {
			req := commands.CiteRequest{Format: format, All: all}
			if len(args) == 1 {
				req.Game = args[0]
			}
			res, err := commands.Cite(cmd.Context(), req)
			if err != nil {
				return err
			}
			return render(cmd, res, asJSON)
		},
	}
	cmd.Flags().StringVar(&format, "format", "bibtex", "bibtex or text")
	cmd.Flags().BoolVar(&all, "all", false, "cite every reference of the bibliography")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the citations and the BibTeX as one JSON object")
	return cmd
}

func newVersionCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the version and the revision nimlab was built from",
		Long: `Prints the module version and the version-control revision, its time and
whether the tree had uncommitted changes, as the Go toolchain recorded them in
the binary when it was built ("go build" or "go install" in a git checkout
records the revision; "go install github.com/nimlab/nimlab/cmd/nimlab@v1.2.3"
records the release). "nimlab --version" prints the same on one line.`,
		Example: `  nimlab version
  nimlab --version
  nimlab version --json`,
		Args: positional,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return render(cmd, commands.Version(), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the version as JSON")
	return cmd
}
