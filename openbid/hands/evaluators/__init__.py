"""Hand evaluators in one form (:mod:`openbid.hands.evaluators.form`): a value per suit holding,
an optional value per pattern. Every reader derives from that one definition."""
