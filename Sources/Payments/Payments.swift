// The Payments module; its issue fills it in.
