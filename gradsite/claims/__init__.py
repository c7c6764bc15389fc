"""The claims: every behaviour sentence of a page names its proof, an assert of an example the
page includes or a citation (how to write them: CONTRIBUTING.md, "Claims"). ledger.py reads
them and the strict build's errors (gradsite/hooks.py, once per build), render.py shows them to
readers, unmarked.py lists the sentences left to mark."""
