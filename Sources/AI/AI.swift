// The AI module; issue 9 fills it in.
