package cli

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/predict-dev/predict/client"
)

// exportRetries is how many times a cut export is resumed in a row.
const exportRetries = 5

// runExport writes a bulk export to a file (or stdout). A file that
// already holds rows of an earlier run is continued after its last whole
// row, and a stream cut on the way is resumed from the last row written:
// the cursor of each row says where it stands.
func runExport(x *cli, args []string) error {
	f := x.flags("export", "markets|trades|prices|resolutions")
	format := f.String("format", client.FormatNDJSON, "the rows' `FORMAT`: ndjson or csv")
	from := f.String("from", "", "only rows from this RFC 3339 `TIME` on (2026-01-02T15:04:05Z)")
	to := f.String("to", "", "only rows before this RFC 3339 `TIME`")
	market := f.String("market", "", "only the rows of the market at this `ADDRESS` (predict markets lists them)")
	out := f.String("out", "", "write to this `FILE` (continued if it holds rows already); default stdout")
	pos, err := x.parse(f, args, 1, 1)
	if err != nil {
		return err
	}
	// parse checked the dataset: the usage line lists them.
	q := client.ExportQuery{Dataset: pos[0], Format: *format}
	if q.Format != client.FormatNDJSON && q.Format != client.FormatCSV {
		return Usagef("export: --format must be ndjson or csv")
	}
	for _, t := range []struct {
		flag string
		v    *string
		to   *time.Time
	}{{"--from", from, &q.From}, {"--to", to, &q.To}} {
		if *t.v == "" {
			continue
		}
		if *t.to, err = time.Parse(time.RFC3339, *t.v); err != nil {
			return Usagef("export: %s must be an RFC 3339 time such as 2026-01-02T15:04:05Z", t.flag)
		}
	}
	if *market != "" {
		if err := marketForm(*market); err != nil {
			return about("--market", err)
		}
	}
	c, err := x.client(false)
	if err != nil {
		return err
	}
	if *market != "" {
		m, err := x.market(*market)
		if err != nil {
			return err
		}
		q.MarketAddress = m.MarketAddress
	}
	w, resumed, empty, closeOut, err := exportOutput(*out, q.Format)
	if err != nil {
		return err
	}
	defer closeOut()
	q.Cursor = resumed
	if resumed != "" {
		x.progressf("continuing %s after its last row (cursor %s)", *out, resumed)
	}
	rows := 0
	for tries := 0; ; tries++ {
		n, last, err := copyExport(x, c, q, w, empty && rows == 0 && tries == 0)
		rows += n
		if last != "" {
			q.Cursor, resumed = last, last
		}
		if err == nil {
			break
		}
		if x.ctx.Err() != nil || tries >= exportRetries || n == 0 && tries > 0 {
			return fmt.Errorf("export cut after %d rows (rerun with --out to continue): %w", rows, err)
		}
		x.progressf("export cut after %d rows (%v); resuming", rows, err)
	}
	if *out != "" {
		x.progressf("exported %d rows of %s to %s", rows, q.Dataset, *out)
	}
	return nil
}

// copyExport copies one export stream to w, row by row, and returns the
// rows written and the cursor of the last; header says whether a CSV
// header is written (a continued file has one).
func copyExport(x *cli, c *client.Client, q client.ExportQuery, w io.Writer, header bool) (rows int, last string, err error) {
	body, err := c.Export(x.ctx, q)
	if err != nil {
		return 0, "", err
	}
	defer body.Close()
	bw := bufio.NewWriterSize(w, 64<<10)
	defer bw.Flush()
	if q.Format == client.FormatCSV {
		r, cw := csv.NewReader(body), csv.NewWriter(bw)
		defer cw.Flush()
		head, err := r.Read()
		if err != nil {
			return 0, "", err
		}
		if header {
			cw.Write(head)
		}
		for {
			rec, err := r.Read()
			if err == io.EOF {
				return rows, last, nil
			} else if err != nil {
				return rows, last, err
			}
			if err := cw.Write(rec); err != nil {
				return rows, last, err
			}
			rows, last = rows+1, rec[len(rec)-1]
		}
	}
	rd := bufio.NewReaderSize(body, 64<<10)
	for {
		line, err := rd.ReadBytes('\n')
		if err == io.EOF && len(line) == 0 {
			return rows, last, nil
		} else if err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF // a row without its newline: cut
			}
			return rows, last, err
		}
		cur, cerr := rowCursor(line)
		if cerr != nil {
			return rows, last, cerr
		}
		if _, err := bw.Write(line); err != nil {
			return rows, last, err
		}
		rows, last = rows+1, cur
	}
}

func rowCursor(line []byte) (string, error) {
	var row struct {
		Cursor string `json:"cursor"`
	}
	if err := json.Unmarshal(line, &row); err != nil || row.Cursor == "" {
		return "", fmt.Errorf("an export row without its cursor: %.80s", line)
	}
	return row.Cursor, nil
}

// exportOutput opens where an export goes. A file holding rows already
// is continued: what follows its last whole row (a row cut by an earlier
// run) is dropped, and cursor is that row's; empty says nothing is kept
// (a CSV header is still to be written).
func exportOutput(path, format string) (w io.Writer, cursor string, empty bool, closeFn func(), err error) {
	if path == "" {
		return os.Stdout, "", true, func() {}, nil
	}
	file, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, "", false, nil, err
	}
	fail := func(err error) (io.Writer, string, bool, func(), error) {
		file.Close()
		return nil, "", false, nil, err
	}
	raw, err := io.ReadAll(file)
	if err != nil {
		return fail(err)
	}
	keep, cursor := lastWholeRow(raw, format)
	if err := file.Truncate(int64(keep)); err != nil {
		return fail(err)
	}
	if _, err := file.Seek(int64(keep), io.SeekStart); err != nil {
		return fail(err)
	}
	return file, cursor, keep == 0, func() { file.Close() }, nil
}

// lastWholeRow returns the length of raw up to the end of its last whole
// row and that row's cursor ("" when it holds none).
func lastWholeRow(raw []byte, format string) (int, string) {
	if format == client.FormatCSV {
		r := csv.NewReader(bytes.NewReader(raw))
		r.FieldsPerRecord = -1
		end, cursor := 0, ""
		for n := 0; ; n++ {
			rec, err := r.Read()
			if err != nil {
				return end, cursor
			}
			off := int(r.InputOffset())
			if off > len(raw) || raw[off-1] != '\n' {
				return end, cursor // the last record has no newline: cut
			}
			end = off
			if n > 0 {
				cursor = rec[len(rec)-1]
			}
		}
	}
	end, cursor := 0, ""
	for end < len(raw) {
		i := bytes.IndexByte(raw[end:], '\n')
		if i < 0 {
			break
		}
		cur, err := rowCursor(raw[end : end+i+1])
		if err != nil {
			break
		}
		end, cursor = end+i+1, cur
	}
	return end, cursor
}
