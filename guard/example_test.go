package guard_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/sentinel-sec/sentinel/guard"
)

type writeInput struct{ Path, Content string }

func ExampleWrap() {
	files := map[string]string{"config.json": "{\n  \"debug\": false\n}\n"}
	write := func(_ context.Context, in writeInput) (string, error) {
		files[in.Path] = in.Content
		return "ok", nil
	}
	// A ConfirmFunc can be anything: here, a policy that refuses high risk.
	policy := func(_ context.Context, req guard.ConfirmRequest) (bool, error) {
		fmt.Print(req.DryRun.Diff)
		return req.Risk != guard.RiskHigh, nil
	}
	guarded, err := guard.Wrap(write, guard.Options[writeInput]{
		Name:     "write_file",
		Describe: func(in writeInput) string { return "Write " + in.Path },
		DryRun: func(_ context.Context, in writeInput) (*guard.DryRunResult, error) {
			return guard.DescribeFileWrite(in.Path, files[in.Path], in.Content), nil
		},
		Confirm: policy,
	})
	if err != nil {
		panic(err)
	}
	_, err = guarded(context.Background(), writeInput{"config.json", "{\n  \"debug\": true\n}\n"})
	fmt.Println("error:", err)

	var rej *guard.RejectedError
	high, _ := guard.Wrap(write, guard.Options[writeInput]{
		Name: "write_file", Risk: guard.RiskHigh,
		Describe: func(in writeInput) string { return "Write " + in.Path },
		DryRun: func(_ context.Context, in writeInput) (*guard.DryRunResult, error) {
			return guard.DescribeFileWrite(in.Path, files[in.Path], ""), nil
		},
		Confirm: policy,
	})
	_, err = high(context.Background(), writeInput{"config.json", ""})
	fmt.Println(errors.As(err, &rej), rej.Tool)
	// Output:
	// --- a/config.json
	// +++ b/config.json
	// @@ -1,3 +1,3 @@
	//  {
	// -  "debug": false
	// +  "debug": true
	//  }
	// error: <nil>
	// --- a/config.json
	// +++ b/config.json
	// @@ -1,3 +0,0 @@
	// -{
	// -  "debug": true
	// -}
	// true write_file
}
