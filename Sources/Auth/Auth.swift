// The Auth module; its issue fills it in.
