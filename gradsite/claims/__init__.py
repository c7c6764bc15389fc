"""The claims: every behaviour sentence of a page names what proves it, an assert of an example
the page includes (`[[<id>]]` after the sentence, `# claim: <id>` right above the assert:
project.CLAIM_COMMENT) or a citation (`[[<id> cite=<URL>]]`). CONTRIBUTING.md, "Claims", says
how to write them, and what `[[claims-summary]]` and `[[claims-table]]` become.

* ledger.py: `Ledger.read`, every claim of the build and its proofs, and the strict build's
  errors about them (gradsite/hooks.py reads it once per build, in on_files);
* render.py: what readers see, `marks` on each page's Markdown and `data` on its HTML;
* unmarked.py: `python -m gradsite.claims unmarked`, the sentences left to mark.
"""
