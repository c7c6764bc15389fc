"""The claims: every behaviour sentence of a page names what proves it.

A page's sentence ends with a mark right after its final punctuation:
`[[retain-grad-keeps-grad]]` (an assert proves it) or `[[<id> cite=<URL>]]` (nothing can run
here: a GPU, several machines, a date). An example the page includes proves the first with a
comment line directly above the assert: `# claim: retain-grad-keeps-grad` (project.CLAIM_COMMENT;
several ids, or several asserts for one id, are allowed). `[[claims-summary]]` is replaced by the
page's counts (the home page's: the site's), and `[[claims-table]]` by the table of every claim
(the claims page, docs/claims/).

* ledger.py: `Ledger.read`, every claim of the build and its proofs, and the strict build's
  errors about them (gradsite/hooks.py reads it once per build, in on_files);
* render.py: what readers see, `marks` on each page's Markdown and `data` on its HTML;
* unmarked.py: `python -m gradsite.claims unmarked`, the sentences left to mark.
"""
