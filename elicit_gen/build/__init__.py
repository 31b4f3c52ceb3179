"""The build step: jobs (:mod:`.jobs`), inputs (:mod:`.inputs`), the output plan
(:mod:`.plan`), atomic staging (:mod:`.staging`) and ``[tool.elicit-gen]`` (:mod:`.config`).
"""
