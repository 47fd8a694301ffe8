"""The exact census: every hand class, weighted so the total is C(52, 13), read with numpy."""
