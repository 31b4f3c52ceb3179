"""The command line: the ``elicit-gen`` entry point (:mod:`.entry`), its options and
exit codes (:mod:`.options`), what a command does (:mod:`.command`), the click front end
(:mod:`.click_app`), the diagnostic formats (:mod:`.report`) and docs/rules.md (:mod:`.ruledoc`).
"""
