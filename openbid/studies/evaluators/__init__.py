"""The seeds' evaluators checked: seed 000's K&R points claims (knr_claims) and seed 002's
point-scale claims (scales_claims), each a claim file with verdicts; checks runs them and the
public implementations' variants."""
