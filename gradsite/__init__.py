"""The site's build pipeline: everything beyond configuration, in one place (CONTRIBUTING.md)."""
