"""The readers of the model: Z3, the exact census over all hands, the control-flow graph."""
