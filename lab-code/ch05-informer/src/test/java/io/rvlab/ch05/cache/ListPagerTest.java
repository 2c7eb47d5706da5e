package io.rvlab.ch05.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch04.client.ExpiredException;
import io.rvlab.ch04.client.StreamWatcher;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("ListPager: a list in pages, as client-go's pager")
class ListPagerTest {

    /** Answers list requests from a script, and writes the requests down. */
    private static final class Scripted implements ListerWatcher {
        final Deque<Object> answers = new ArrayDeque<>();
        final List<ListOptions> requests = new ArrayList<>();

        @Override
        public ObjectNode list(ListOptions options) {
            requests.add(options);
            Object answer = answers.poll();
            if (answer instanceof RuntimeException e) {
                throw e;
            }
            return (ObjectNode) answer;
        }

        @Override
        public StreamWatcher watch(WatchListOptions options) {
            throw new UnsupportedOperationException();
        }
    }

    private static ObjectNode page(String rv, String continueToken, String... names) {
        ObjectNode list = JsonNodeFactory.instance.objectNode();
        list.put("kind", "ConfigMapList").put("apiVersion", "v1");
        ObjectNode metadata = list.putObject("metadata").put("resourceVersion", rv);
        if (!continueToken.isEmpty()) {
            metadata.put("continue", continueToken);
        }
        for (String name : names) {
            list.withArray("items").add(Objects.cm("ns", name, rv));
        }
        return list;
    }

    @Test
    @DisplayName("pages until one has no continue token; later pages clear resourceVersion; the list's resourceVersion is the first page's")
    void pages() throws Exception {
        Scripted server = new Scripted();
        server.answers.add(page("10", "t1", "a", "b"));
        server.answers.add(page("10", "t2", "c", "d"));
        server.answers.add(page("10", "", "e"));
        ListPager.Result result = new ListPager(server).list(ListOptions.resourceVersion(""), 2);
        assertThat(result.items()).hasSize(5);
        assertThat(result.resourceVersion()).isEqualTo("10");
        assertThat(result.paginated()).isTrue();
        assertThat(server.requests).containsExactly(
                new ListOptions("", "", 2, ""), new ListOptions("", "", 2, "t1"), new ListOptions("", "", 2, "t2"));
    }

    @Test
    @DisplayName("an answer without continue token is the whole list (the watch cache ignores limit for \"0\")")
    void wholeAnswer() throws Exception {
        Scripted server = new Scripted();
        server.answers.add(page("10", "", "a", "b", "c"));
        ListPager.Result result = new ListPager(server).list(ListOptions.resourceVersion("0"), 2);
        assertThat(result.items()).hasSize(3);
        assertThat(result.paginated()).isFalse();
    }

    @Test
    @DisplayName("410 Expired on a continued page: one unpaged list at the resourceVersion first asked for")
    void expiredContinueFallsBackToFullList() throws Exception {
        Scripted server = new Scripted();
        server.answers.add(page("10", "t1", "a", "b"));
        server.answers.add(new ExpiredException(Status.expired("The provided continue parameter is too old", null)));
        server.answers.add(page("15", "", "a", "b", "c"));
        ListPager.Result result = new ListPager(server).list(ListOptions.resourceVersion("7"), 2);
        assertThat(result.items()).hasSize(3);
        assertThat(result.resourceVersion()).isEqualTo("15");
        assertThat(server.requests.get(2)).isEqualTo(ListOptions.resourceVersion("7"));
    }

    @Test
    @DisplayName("410 Expired on the first page is the caller's to handle")
    void expiredFirstPage() {
        Scripted server = new Scripted();
        server.answers.add(new ExpiredException(Status.expired("The resourceVersion for the provided list is too old.", null)));
        assertThatThrownBy(() -> new ListPager(server).list(ListOptions.resourceVersion("7"), 2))
                .isInstanceOf(ExpiredException.class);
    }
}
