package llm

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
)

// anthropicClient speaks Anthropic's Messages API. Like the OpenAI client
// it is built from explicit options only: ANTHROPIC_API_KEY,
// ANTHROPIC_AUTH_TOKEN, ANTHROPIC_BASE_URL and ANTHROPIC_CUSTOM_HEADERS in
// the environment are never read.
type anthropicClient struct {
	*base
	svc anthropic.MessageService
}

func newAnthropic(b *base) *anthropicClient {
	opts := []option.RequestOption{
		option.WithBaseURL(b.cfg.BaseURL()),
		option.WithHTTPClient(b.http),
		option.WithMaxRetries(b.opts.MaxRetries),
		option.WithRequestTimeout(b.opts.Timeout),
		option.WithAPIKey(b.cfg.Key),
	}
	return &anthropicClient{base: b, svc: anthropic.NewMessageService(opts...)}
}

func (c *anthropicClient) Chat(ctx context.Context, req Request) (Response, error) {
	if err := c.wait(ctx); err != nil {
		return Response{}, err
	}
	maxTokens := int64(req.MaxTokens)
	if maxTokens <= 0 {
		maxTokens = 1024
	}
	p := anthropic.MessageNewParams{Model: anthropic.Model(c.cfg.Model), MaxTokens: maxTokens}
	if req.System != "" {
		p.System = []anthropic.TextBlockParam{{Text: req.System}}
	}
	// Tool results are user turns in the Messages API; consecutive ones
	// are merged into one message.
	var pendingResults []anthropic.ContentBlockParamUnion
	flush := func() {
		if len(pendingResults) > 0 {
			p.Messages = append(p.Messages, anthropic.NewUserMessage(pendingResults...))
			pendingResults = nil
		}
	}
	for _, m := range req.Messages {
		switch m.Role {
		case "tool":
			pendingResults = append(pendingResults, anthropic.NewToolResultBlock(m.ToolCallID, m.Text, m.IsError))
		case "user":
			flush()
			p.Messages = append(p.Messages, anthropic.NewUserMessage(anthropic.NewTextBlock(m.Text)))
		case "assistant":
			flush()
			var blocks []anthropic.ContentBlockParamUnion
			if m.Text != "" {
				blocks = append(blocks, anthropic.NewTextBlock(m.Text))
			}
			for _, tc := range m.ToolCalls {
				var input any = map[string]any{}
				if json.Valid([]byte(tc.Args)) {
					input = json.RawMessage(tc.Args)
				}
				blocks = append(blocks, anthropic.NewToolUseBlock(tc.ID, input, tc.Name))
			}
			p.Messages = append(p.Messages, anthropic.NewAssistantMessage(blocks...))
		}
	}
	flush()
	for _, t := range req.Tools {
		s := schema(t)
		p.Tools = append(p.Tools, anthropic.ToolUnionParam{OfTool: &anthropic.ToolParam{
			Name:        t.Name,
			Description: anthropic.String(t.Description),
			InputSchema: anthropic.ToolInputSchemaParam{Properties: s["properties"], Required: s["required"].([]string)},
		}})
	}
	resp, err := c.svc.New(ctx, p)
	if err != nil {
		var ae *anthropic.Error
		var api *apiError
		if errors.As(err, &ae) {
			msg := ae.Message
			if msg == "" {
				msg = providerMessage(ae.RawJSON())
			}
			api = &apiError{status: ae.StatusCode, message: msg}
		}
		return Response{}, c.classify(err, api)
	}
	out := Response{Tokens: int(resp.Usage.InputTokens + resp.Usage.OutputTokens)}
	for _, b := range resp.Content {
		switch b.Type {
		case "text":
			out.Text += b.Text
		case "tool_use":
			u := b.AsToolUse()
			out.ToolCalls = append(out.ToolCalls, ToolCall{ID: u.ID, Name: u.Name, Args: string(u.Input)})
		}
	}
	return out, nil
}
