package cli

import (
	"context"
	"sync"

	"github.com/sentinel-sec/sentinel/scan"
)

// scanTargets scans every target, up to jobs at a time, and returns the
// results in the order of the targets (the order of the command line), so
// the report is the same whatever jobs is. opts[i] are target i's options.
// The first error in that order is returned; once one target fails, those
// not yet started are not.
func scanTargets(ctx context.Context, app *App, targets []target, opts [][]scan.Option, o *scanOptions, excludes excludeSet, jobs int) ([]targetResult, error) {
	results := make([]targetResult, len(targets))
	errs := make([]error, len(targets))
	if jobs < 1 {
		jobs = 1
	}
	if jobs > len(targets) {
		jobs = len(targets)
	}
	if jobs <= 1 {
		for i, t := range targets {
			res, err := scanTarget(ctx, app, t, opts[i], o.hooksOnly, o.base, excludes, &o.ctl)
			if err != nil {
				return nil, err
			}
			results[i] = res
		}
		return results, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan int)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if ctx.Err() != nil {
					errs[i] = ctx.Err()
					continue
				}
				results[i], errs[i] = scanTarget(ctx, app, targets[i], opts[i], o.hooksOnly, o.base, excludes, &o.ctl)
				if errs[i] != nil {
					cancel()
				}
			}
		}()
	}
	for i := range targets {
		next <- i
	}
	close(next)
	wg.Wait()
	// The first real failure in command-line order, not a cancellation it
	// caused in a target after it.
	for _, err := range errs {
		if err != nil && err != context.Canceled {
			return nil, err
		}
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}
