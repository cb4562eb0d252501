"""Where the combat tracker keeps its documents in the campaign's session state.  A module of its
own so a model that only looks at the tracker's fight (the AW session's 令呪) names the key without
loading the tracker."""

ENCOUNTER_KEY = "battle.encounter"  # the current encounter
SAVED_KEY = "battle.saved"  # saved encounters to call up again
