// The Storage module; its issue fills it in.
