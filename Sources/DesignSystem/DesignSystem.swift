// The DesignSystem module; its issue fills it in.
