"""The combat tracker: encounters, turn order, resources, conditions and each system's round."""
