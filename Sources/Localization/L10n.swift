public enum L10n {}
