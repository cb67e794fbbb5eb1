package fsutil

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// ErrNotRegular is returned by ReadRegular for a path that is not a plain
// file: a directory, a FIFO, a socket or a device.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is returned by ReadRegular for a file above its size cap.
var ErrTooLarge = errors.New("file too large")

// ReadRegular reads the whole of the regular file at path, refusing
// anything else and anything above max bytes. Symbolic links are followed.
// The file is opened without blocking (a FIFO would otherwise wait for a
// writer forever) and checked with fstat on the open descriptor, so a file
// swapped in between the check and the read is still checked; the read
// itself is capped too, so a file that grows while it is read cannot
// exceed max. Errors name the path and wrap ErrNotRegular, ErrTooLarge or
// the system error (fs.ErrNotExist for a missing file).
func ReadRegular(path string, max int64) ([]byte, error) {
	f, fi, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > max {
		return nil, fmt.Errorf("%s: %w: %d bytes, more than the %d byte limit", path, ErrTooLarge, fi.Size(), max)
	}
	buf := make([]byte, 0, fi.Size()+1)
	for {
		n, rerr := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > max {
			return nil, fmt.Errorf("%s: %w: more than the %d byte limit", path, ErrTooLarge, max)
		}
		if rerr == io.EOF {
			return buf, nil
		}
		if rerr != nil {
			return nil, fmt.Errorf("%s: %w", path, rerr)
		}
		if len(buf) == cap(buf) {
			grow := int64(cap(buf))
			if grow > max+1-int64(len(buf)) {
				grow = max + 1 - int64(len(buf))
			}
			buf = append(buf, make([]byte, grow)...)[:len(buf)]
		}
	}
}

// OpenRegular opens the regular file at path for reading, as ReadRegular
// does (without blocking, following symbolic links, checked on the open
// descriptor), and returns it with its information. Errors name the path
// and wrap ErrNotRegular or the system error.
func OpenRegular(path string) (*os.File, fs.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, nil, fmt.Errorf("%s: %w", path, pe.Err)
		}
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, describeMode(fi.Mode()))
	}
	return f, fi, nil
}

// describeMode names the kind of a non-regular file for messages.
func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "mode " + m.String()
}
