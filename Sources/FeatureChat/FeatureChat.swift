// The FeatureChat module; issue 5 fills it in.
