#if canImport(Glibc)
  import Glibc

  /// One object per thread, for what an event loop lends the code it runs (its access-log
  /// batch, its client connections). The thread's owner keeps the object alive while it is
  /// installed; only the thread that installed it reads it.
  struct LoopThreadSlot<Object: AnyObject>: Sendable {
    private let key: pthread_key_t

    init() {
      var key = pthread_key_t()
      _ = pthread_key_create(&key, nil)
      self.key = key
    }

    /// The calling thread's object, if one is installed.
    var current: Object? {
      pthread_getspecific(key).map { Unmanaged<Object>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Makes `object` the calling thread's (`nil`: none).
    func install(_ object: Object?) {
      _ = pthread_setspecific(key, object.map { Unmanaged.passUnretained($0).toOpaque() })
    }
  }
#endif
