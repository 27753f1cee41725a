// Package docs holds nimlab's documentation pages (Markdown and figures)
// and the frontier table they show (FrontierJSON); its test checks that the
// README stays a front page and that every relative link of the pages
// resolves.
package docs
