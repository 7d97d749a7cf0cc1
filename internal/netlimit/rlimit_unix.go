//go:build unix

package netlimit

import "syscall"

// fileLimit is the soft limit on the process's open files; 0 when it
// cannot be read. (Unlimited reads as a huge number, which capToFiles
// ignores.)
func fileLimit() uint64 {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0
	}
	return uint64(lim.Cur)
}
