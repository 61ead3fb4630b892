// The FeatureRating module; its issue fills it in.
