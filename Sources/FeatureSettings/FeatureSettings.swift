// The FeatureSettings module; issue 8 fills it in.
