// Linux epoll for HTTPServer's event loops. Swift's Glibc module does not export
// <sys/epoll.h>, and `struct epoll_event` is packed on x86-64, so the loops go through these
// wrappers, which take and give plain descriptors and event masks.
#ifndef KILN_CEPOLL_SHIM_H
#define KILN_CEPOLL_SHIM_H

#include <stdint.h>
#include <sys/epoll.h>

static const uint32_t kiln_epoll_in = EPOLLIN;
static const uint32_t kiln_epoll_out = EPOLLOUT;
static const uint32_t kiln_epoll_rdhup = EPOLLRDHUP;
static const uint32_t kiln_epoll_hup = EPOLLHUP;
static const uint32_t kiln_epoll_err = EPOLLERR;
static const uint32_t kiln_epoll_exclusive = EPOLLEXCLUSIVE;
static const int kiln_epoll_add = EPOLL_CTL_ADD;
static const int kiln_epoll_mod = EPOLL_CTL_MOD;
static const int kiln_epoll_del = EPOLL_CTL_DEL;

/// A close-on-exec epoll instance, or -1 with errno set.
static inline int kiln_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

/// Adds, changes or removes the events watched on `fd`.
static inline int kiln_epoll_ctl(int epfd, int op, int fd, uint32_t events) {
  struct epoll_event event = {0};
  event.events = events;
  event.data.fd = fd;
  return epoll_ctl(epfd, op, fd, &event);
}

/// Waits for up to `max` ready descriptors, writing each one's descriptor and events.
static inline int kiln_epoll_wait(int epfd, int *fds, uint32_t *events, int max, int timeout) {
  struct epoll_event ready[256];
  if (max > 256) max = 256;
  int count = epoll_wait(epfd, ready, max, timeout);
  for (int index = 0; index < count; index++) {
    fds[index] = ready[index].data.fd;
    events[index] = ready[index].events;
  }
  return count;
}

#endif
