// The TerminalUI module; the app issue fills it in.
