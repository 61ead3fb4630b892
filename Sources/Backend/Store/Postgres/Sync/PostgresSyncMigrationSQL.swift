/// The sync migration, `supabase/migrations/20261202000000_sync.sql` byte for byte (a resource
/// bundle does not travel with a copied binary, so the text is compiled in). The file is the
/// single source: edit it and copy its sections here (`PostgresSyncMigrationSQL+*.swift`, in
/// file order); `PostgresSyncMigrationTests` fails while the two differ.
enum PostgresSyncMigrationSQL {
  /// The migration's SQL text: its sections in file order.
  static let text = [tables, helpers, merges, functions].joined(separator: "\n") + "\n"
}
