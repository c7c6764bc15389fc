"""Build-time support for the site: MkDocs hooks, example execution, math.

Everything the site needs beyond configuration lives in this package, so a
maintainer has one place to read (see CONTRIBUTING.md).
"""
